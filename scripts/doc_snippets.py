#!/usr/bin/env python3
"""The working part of scripts/check-doc-snippets.sh (read its header for the conventions).

    doc_snippets.py generate OUT_DIR FILE...

Reads every ```swift block of the given Markdown files and writes into OUT_DIR:

- `blocks.json`: one entry per block (file, line, kind, reason) for the summary;
- `single/NNNN.swift` (+ `.json`): the blocks checked on their own with `swiftc -typecheck`
  (`fails "message"` blocks, which must NOT compile, and `manifest` blocks);
- `module/*.swift`: every other block as one file of a single executable module, its top-level
  code moved into a function (`block_NNNN`), its types and functions kept at file scope as
  `private`, its shown outputs turned into checks, and `#sourceLocation` lines pointing every
  diagnostic at the Markdown file and line. `module/main.swift` runs the blocks that are not
  marked `no-run` and reports each shown output the code does not give.

Standard library only.
"""

import json
import os
import re
import sys

MARKER = re.compile(r"^<!-- snippet: (.*) -->$")
FENCE_OPEN = re.compile(r"^```swift[ \t]*$")
FENCE_CLOSE = re.compile(r"^```[ \t]*$")
# A declaration that stays at file scope: attributes and modifiers, then the keyword.
DECLARATION = re.compile(
    r"^(@[\w.]+(\([^)]*\))?\s+)*"
    r"((private|fileprivate|internal|public|open|final|indirect|nonisolated)\s+)*"
    r"(struct|class|enum|protocol|extension|actor|typealias|func)\b")
ATTRIBUTE_LINE = re.compile(r"^@[\w.]+(\([^)]*\))?\s*$")
ACCESS = re.compile(r"\b(private|fileprivate|internal|public|open)\s")
CONFORMANCE_EXTENSION = re.compile(r"^(@[\w.]+\s+)*extension\s+[\w.<>, ]+:")
BINDING = re.compile(r"^\s*(?:let|var)\s+([A-Za-z_]\w*)\s*(?::[^=]+)?=")
ARROW = "→"


class Failure(Exception):
    pass


def blocks_of(path):
    """(first code line number, marker text or "", code lines) for each ```swift block."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    blocks, pending, inside, code, start, marker = [], "", False, [], 0, ""
    for number, line in enumerate(lines, 1):
        if inside:
            if FENCE_CLOSE.match(line):
                blocks.append((start, marker, code))
                inside = False
            else:
                code.append(line)
            continue
        found = MARKER.match(line)
        if found:
            pending = found.group(1)
        elif FENCE_OPEN.match(line):
            inside, code, start, marker, pending = True, [], number + 1, pending, ""
        elif line.strip():
            pending = ""
    return blocks


def scan(code):
    """Per line: (bracket depth at its start, inside a multi-line string at its start,
    column of its `//` comment or None, bracket depth at its end)."""
    result = []
    depth = 0
    string = None  # None, or (hashes, multiline)
    block_comment = 0
    for line in code:
        start_depth, start_in_string = depth, string is not None and string[1]
        comment = None
        i = 0
        while i < len(line):
            c = line[i]
            if block_comment:
                if line.startswith("*/", i):
                    block_comment -= 1
                    i += 2
                    continue
                if line.startswith("/*", i):
                    block_comment += 1
                    i += 2
                    continue
                i += 1
                continue
            if string is not None:
                hashes, multiline = string
                if c == "\\" and line.startswith("#" * hashes, i + 1):
                    i += 2 + hashes
                    continue
                closing = ('"""' if multiline else '"') + "#" * hashes
                if line.startswith(closing, i):
                    string = None
                    i += len(closing)
                    continue
                i += 1
                continue
            if line.startswith("//", i):
                comment = i
                break
            if line.startswith("/*", i):
                block_comment = 1
                i += 2
                continue
            found = re.match(r'(#*)("""|")', line[i:])
            if found:
                hashes = len(found.group(1))
                string = (hashes, found.group(2) == '"""')
                i += len(found.group(0))
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            i += 1
        if string is not None and not string[1]:
            string = None  # a single-line string cannot continue; leave it to the compiler
        result.append((start_depth, start_in_string, comment, depth))
    return result


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def shown_value(comment):
    """The shown output of a `// → value` comment: the text after the arrow, up to ` — `."""
    text = comment[2:].strip()
    if not text.startswith(ARROW):
        return None
    return text[len(ARROW):].split(" — ")[0].strip()


def thrown_value(comment):
    """`// throws text`: the line must throw an error whose description is text."""
    text = comment[2:].strip()
    if text.startswith("throws "):
        return text[len("throws "):].split(" — ")[0].strip()
    return None


def printed_value(comment):
    """`// prints value` gives value; `// prints:` gives "" (the lines follow); else None."""
    text = comment[2:].strip()
    if text == "prints:":
        return ""
    if text.startswith("prints "):
        return text[len("prints "):].split(" — ")[0].strip()
    return None


def transform(origin_file, start, code, checks):
    """(declarations, statements) of one block, each a list of lines with #sourceLocation
    directives; shown outputs become calls that register in `checks`."""
    info = scan(code)
    declarations, statements = [], []
    target = None
    pending_attributes = []
    statements_started = False
    i = 0

    def location(number):
        return f'#sourceLocation(file: "{origin_file}", line: {number})'

    def check_id(number, kind, shown):
        checks.append({"where": f"{origin_file}:{number}", "kind": kind, "shown": shown})
        return len(checks) - 1

    def output(index):
        """(kind, shown, code before the comment) of a line's shown output, or None."""
        _, in_string, comment, _ = info[index]
        if comment is None or in_string:
            return None
        text = code[index][comment:]
        before = code[index][:comment].rstrip()
        for kind, shown in (("value", shown_value(text)), ("printed", printed_value(text)),
                            ("thrown", thrown_value(text))):
            if shown is not None:
                return kind, shown, before
        return None

    def lines_below(index):
        """The text of the comment lines below index (the lines a `// prints:` shows)."""
        lines = []
        for following in code[index + 1:]:
            stripped = following.strip()
            if not stripped.startswith("//"):
                break
            lines.append(stripped[3:] if stripped.startswith("// ") else stripped[2:])
        if not lines:
            raise Failure(f"{origin_file}:{start + index}: `// prints:` needs the printed lines below it")
        return "\n".join(lines)

    def rewrite(index):
        """The line at index with its shown output turned into a check (same line count)."""
        line = code[index]
        start_depth, _, _, end_depth = info[index]
        number = start + index
        own = output(index)
        _, in_string, comment, _ = info[index]
        before = line if comment is None or in_string else line[:comment].rstrip()
        if not before.strip():
            if own is None:
                return [line]

            kind, shown, _ = own
            if kind == "printed" and shown == "":
                # `// prints:` on its own line: everything printed since the last check.
                ident = check_id(number, "printed", lines_below(index))
                return [before + f"__DocCheck.printed({ident})"]
            # A shown output alone on a line belongs to the line of code above it.
            above = output(index - 1) if index > 0 else None
            if index == 0 or not code[index - 1].strip() or code[index - 1].strip().startswith("//") or above is not None:
                raise Failure(f"{origin_file}:{number}: a shown output needs a line of code on or above it")
            return [line]
        if own is None:
            # The output may be shown alone on the next line.
            below = output(index + 1) if index + 1 < len(code) else None
            if below is None or below[2].strip() or (below[0] == "printed" and below[1] == ""):
                return [line]
            own = below
            number += 1
        kind, shown, _ = own
        if end_depth != start_depth or before.rstrip().endswith(("{", "(", "[", ",")):
            raise Failure(f"{origin_file}:{number}: a line with a shown output must be one whole statement")
        indent = before[:len(before) - len(before.lstrip())]
        statement = before.strip()
        if kind == "thrown":
            if BINDING.match(before):
                raise Failure(f"{origin_file}:{number}: `// throws` goes on a statement, not a declaration")
            ident = check_id(number, "thrown", shown)
            return [f"{indent}do {{ {statement}; __DocCheck.notThrown({ident}) }} catch {{ __DocCheck.thrown(error, {ident}) }}"]
        if kind == "printed":
            ident = check_id(number, "printed", lines_below(index) if shown == "" else shown)
            return [f"{indent}__DocCheck.mark(); {statement}; __DocCheck.printed({ident})"]
        ident = check_id(number, "value", shown)
        binding = BINDING.match(before)
        if binding:
            return [f"{before.rstrip()}; __DocCheck.value({binding.group(1)}, {ident})"]
        return [f"{indent}__DocCheck.value({statement}, {ident})"]

    while i < len(code):
        line = code[i]
        start_depth, in_string, _, _ = info[i]
        number = start + i
        stripped = line.strip()
        at_top = start_depth == 0 and not in_string
        if at_top and stripped.startswith("import "):
            declarations.append(location(number))
            declarations.append(line)
            i += 1
            continue
        if at_top and ATTRIBUTE_LINE.match(stripped):
            pending_attributes.append((number, line))
            i += 1
            continue
        # A constant before any statement, which a type of the block may use: a global, as
        # top-level code makes it.
        hoisted_let = (at_top and not statements_started and stripped.startswith("let ")
                       and not re.search(r"\b(try|await)\b", stripped)
                       and output(i) is None and (i + 1 == len(code) or output(i + 1) is None))
        if at_top and (DECLARATION.match(stripped) or hoisted_let):
            # The declaration runs to the line where the depth is back to zero.
            end = i
            while end + 1 < len(code) and (info[end][3] != 0 or info[end + 1][1]):
                end += 1
            first = pending_attributes[0][0] if pending_attributes else number
            declarations.append(location(first))
            declarations.extend(text for _, text in pending_attributes)
            head = line
            attributes_text = " ".join(text.strip() for _, text in pending_attributes) + " " + stripped
            if not ACCESS.search(" " + stripped + " ") and not CONFORMANCE_EXTENSION.match(attributes_text.strip()):
                head = re.sub(r"^(\s*(@[\w.]+(\([^)]*\))?\s+)*)", r"\1private ", line, count=1)
            pending_attributes = []
            declarations.append(head)
            for index in range(i + 1, end + 1):
                declarations.extend(rewrite(index))
            i = end + 1
            continue
        if at_top and stripped and not stripped.startswith("//"):
            statements_started = True
        if pending_attributes:
            statements.append(location(pending_attributes[0][0]))
            statements.extend(text for _, text in pending_attributes)
            pending_attributes = []
        if at_top:
            statements.append(location(number))
        statements.extend(rewrite(i))
        i += 1
    return declarations, statements


def summarize(path):
    """One line: how many blocks were run and compared, run, type-checked only, and so on."""
    with open(path) as handle:
        data = json.load(handle)
    compared = set(data["compared"])
    counts = {}
    for block in data["blocks"]:
        kind = block["kind"]
        if kind in ("ok", "continues"):
            kind = "run, outputs compared" if block["where"] in compared else "run"
        elif kind == "no-run":
            kind = "type-checked only (no-run)"
        elif kind == "fails":
            kind = "must not compile"
        elif kind == "manifest":
            kind = "manifests"
        elif kind == "skip":
            kind = "skipped"
        counts[kind] = counts.get(kind, 0) + 1
    order = ["run, outputs compared", "run", "type-checked only (no-run)", "must not compile", "manifests", "skipped"]
    parts = [f"{counts[k]} {k}" for k in order if k in counts]
    print(f"{len(data['blocks'])} blocks: " + ", ".join(parts) + f"; {data['checks']} shown outputs")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "summary":
        summarize(sys.argv[2])
        return
    if len(sys.argv) < 4 or sys.argv[1] != "generate":
        sys.exit(__doc__)
    out = sys.argv[2]
    os.makedirs(os.path.join(out, "single"), exist_ok=True)
    os.makedirs(os.path.join(out, "module"), exist_ok=True)
    summary, checks, runs, errors = [], [], [], []
    count = 0
    for path in sys.argv[3:]:
        previous = None  # the code of the last block that another may continue
        pending_chain = None  # (name, origin) of the block whose code the next may extend
        chain = []  # (start, code) of the blocks a `continues` chain has so far
        for start, marker, code in blocks_of(path):
            count += 1
            name = f"{count:04d}"
            where = f"{path}:{start}"
            kind, reason = "ok", ""
            if marker == "continues":
                if not chain:
                    errors.append(f"{where}: a continuing block needs a block before it")
                    continue
                kind = "continues"
            elif marker.startswith('fails "') and marker.endswith('"'):
                kind, reason = "fails", marker[len('fails "'):-1]
            elif marker in ("skip", "manifest"):
                kind = marker
            elif marker == "no-run" or marker.startswith("no-run:"):
                kind, reason = "no-run", marker[len("no-run:"):].strip()
            elif marker:
                errors.append(f"{where}: unknown snippet marker: {marker}")
                continue
            summary.append({"where": where, "kind": kind, "reason": reason, "name": name})
            if kind in ("fails", "manifest"):
                with open(os.path.join(out, "single", name + ".swift"), "w") as handle:
                    handle.write("\n".join(code) + "\n")
                with open(os.path.join(out, "single", name + ".json"), "w") as handle:
                    json.dump({"where": where, "kind": kind, "reason": reason}, handle)
                chain = []
                continue
            if kind == "skip":
                chain = []
                continue
            if kind == "continues":
                chain.append((start, code, "ok"))
                # The chain's earlier file is replaced by this longer one.
                if runs and runs[-1]["chain"] == id(chain):
                    removed = runs.pop()
                    os.remove(os.path.join(out, "module", removed["file"]))
                    del checks[removed["first_check"]:]
            else:
                chain = [(start, code, kind)]
            declarations, statements = [], []
            first_check = len(checks)
            try:
                for part_start, part_code, _ in chain:
                    before = len(checks)
                    d, s = transform(path, part_start, part_code, checks)
                    declarations += d
                    statements += s
                    for check in checks[before:]:
                        check["source"] = f"{path}:{part_start}"
            except Failure as failure:
                errors.append(str(failure))
                continue
            runs.append({
                "file": f"block_{name}.swift", "function": f"block_{name}", "where": where,
                "run": chain[0][2] != "no-run", "chain": id(chain),
                "first_check": first_check,
            })
            for check in checks[first_check:]:
                check["block"] = where
            with open(os.path.join(out, "module", f"block_{name}.swift"), "w") as handle:
                handle.write("\n".join(declarations) + "\n")
                handle.write("#sourceLocation()\n")
                handle.write(PRINT_SHADOW)
                handle.write(f"@MainActor func block_{name}() async throws {{\n")
                handle.write("\n".join(statements) + "\n")
                handle.write("#sourceLocation()\n}\n")
    if errors:
        print("\n".join("error: " + e for e in errors), file=sys.stderr)
        sys.exit(1)
    with open(os.path.join(out, "module", "main.swift"), "w") as handle:
        handle.write(RUNNER_HEAD)
        handle.write("let checks: [__DocCheck.Entry] = [\n")
        for check in checks:
            handle.write(f"    .init(where: {swift_string(check['where'])}, block: {swift_string(check['block'])}, "
                         f"kind: .{check['kind']}, shown: {swift_string(check['shown'])}),\n")
        handle.write("]\n")
        handle.write("__DocCheck.table = checks\n")
        handle.write("let blocks: [(where: String, run: @MainActor () async throws -> Void)] = [\n")
        for run in runs:
            if run["run"]:
                handle.write(f"    ({swift_string(run['where'])}, {run['function']}),\n")
        handle.write("]\n")
        handle.write(RUNNER_TAIL)
    with open(os.path.join(out, "blocks.json"), "w") as handle:
        json.dump({"blocks": summary, "checks": len(checks),
                   "compared": sorted({check["source"] for check in checks}),
                   "runs": [r["where"] for r in runs if r["run"]]}, handle)


PRINT_SHADOW = """\
/// Collects what the block prints, so that `// prints` comments can be compared with it.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\\n") {
    __DocCheck.write(items.map { "\\($0)" }.joined(separator: separator) + terminator)
}
"""

RUNNER_HEAD = """\
// Generated by scripts/doc_snippets.py: runs the documentation's blocks and compares what
// they give with what the text shows.
import Foundation

"""

RUNNER_TAIL = """\
var failures = 0
for block in blocks {
    __DocCheck.current = block.where
    __DocCheck.mark()
    do {
        try await block.run()
    } catch {
        Swift.print("error: \\(block.where): the block threw: \\(error)")
        failures += 1
    }
}
failures += __DocCheck.report(ranBlocks: Set(blocks.map(\\.where)))
Swift.print("doc snippets: \\(blocks.count) blocks run, \\(__DocCheck.table.count) shown outputs, \\(failures) failing")
exit(failures == 0 ? 0 : 1)
"""


if __name__ == "__main__":
    main()
