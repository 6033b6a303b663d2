// SPDX-License-Identifier: GPL-3.0-or-later
#define _GNU_SOURCE
#include "lecteur_spawn.h"
#include <string.h>

int lecteur_contains(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length) != NULL;
}
