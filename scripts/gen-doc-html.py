#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns docs/audit-rules.md into the HTML page an installed audit links to
(PREFIX/share/doc/lecteur/audit-rules.html#RULE): a browser follows `#RULE` to the rule's section,
which it cannot do in the Markdown file. Only what that file uses is understood: `#`/`##`
headings (a `##` heading is a rule id and becomes the section's id), paragraphs, `- ` lists,
**bold** and `code`. Anything else stops the script, so a new construct is noticed here.

Usage: gen-doc-html.py docs/audit-rules.md > audit-rules.html"""
import html
import re
import sys

lines = open(sys.argv[1], encoding="utf-8").read().split("\n")


def inline(text):
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", text)


title = None
body, paragraph, items, open_section = [], [], [], False


def flush():
    global paragraph, items
    if paragraph:
        body.append("<p>%s</p>" % inline(" ".join(paragraph)))
        paragraph = []
    if items:
        body.append("<ul>\n%s\n</ul>" % "\n".join("<li>%s</li>" % inline(i) for i in items))
        items = []


for line in lines:
    if line.startswith("# "):
        flush()
        title = line[2:].strip()
    elif line.startswith("## "):
        flush()
        rule = line[3:].strip()
        if not re.fullmatch(r"[a-z0-9-]+", rule):
            sys.exit("gen-doc-html: a rule heading is not an id: %r" % rule)
        if open_section:
            body.append("</section>")
        body.append('<section id="%s" aria-labelledby="h-%s">\n<h2 id="h-%s">%s</h2>' % (rule, rule, rule, rule))
        open_section = True
    elif line.startswith("- "):
        if paragraph:
            flush()
        items.append(line[2:].strip())
    elif not line.strip():
        flush()
    elif line.startswith(("#", ">", "|", "```", "  ")):
        sys.exit("gen-doc-html: unsupported Markdown: %r" % line)
    else:
        if items:
            flush()
        paragraph.append(line.strip())
flush()
if open_section:
    body.append("</section>")
if not title:
    sys.exit("gen-doc-html: no title")
print("""<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>body { font-family: sans-serif; max-width: 48rem; margin: 1rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; background: #fff; }
code { font-size: 0.95em; }</style>
</head>
<body>
<main>
<h1>%s</h1>
%s
</main>
</body>
</html>""" % (inline(title).replace("<code>", "").replace("</code>", ""), inline(title), "\n".join(body)))
