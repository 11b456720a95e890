#!/usr/bin/env python3
"""Parses Markdown with markdown-it-py (CommonMark with GFM tables) and
prints what it found as JSON, for the Markdown report tests:

  {"headings": [text, ...], "paragraphs": [text, ...],
   "tables": [{"header": [cell, ...], "rows": [[cell, ...], ...],
               "html": [[cell html, ...], ...]}],
   "html": the whole rendering}

A cell's text is what a reader sees (text, code and emphasis contents,
entities decoded); its html is how markdown-it renders it.

usage: markdown_tables.py < report.md
"""
import json
import sys

from markdown_it import MarkdownIt


def text(token):
    if token.children is None:
        return token.content
    parts = []
    for child in token.children:
        if child.type in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
    return "".join(parts)


def main():
    md = MarkdownIt("commonmark").enable("table")
    source = sys.stdin.read()
    tokens = md.parse(source)
    out = {"headings": [], "paragraphs": [], "tables": [], "html": md.render(source)}
    table = None
    section = None
    row = None
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            out["headings"].append(text(tokens[index + 1]))
        elif token.type == "paragraph_open" and table is None:
            out["paragraphs"].append(text(tokens[index + 1]))
        elif token.type == "table_open":
            table = {"header": [], "rows": [], "html": []}
        elif token.type == "thead_open":
            section = "header"
        elif token.type == "tbody_open":
            section = "body"
        elif token.type == "tr_open":
            row = ([], [])
        elif token.type == "inline" and row is not None:
            row[0].append(text(token))
            row[1].append(md.renderer.renderInline(token.children, md.options, {}))
        elif token.type == "tr_close":
            if section == "header":
                table["header"] = row[0]
            else:
                table["rows"].append(row[0])
                table["html"].append(row[1])
            row = None
        elif token.type == "table_close":
            out["tables"].append(table)
            table = None
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
