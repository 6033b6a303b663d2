#include <pcaudiolib/audio.h>
