#!/usr/bin/env python3
"""Writes the man page and the bash and zsh completions of `bufferlens` from
what the binary itself prints: `--help` (the subcommands), `--version`, and
each subcommand's `--help` (its overview, usage and options). help2man
reads one `--help` only, so it cannot see the subcommands' options.

usage: gen-docs.py BUFFERLENS OUT_DIR
writes OUT_DIR/bufferlens.1, OUT_DIR/bufferlens.bash, OUT_DIR/_bufferlens
"""
import os
import re
import subprocess
import sys


def run(binary, *args):
    r = subprocess.run([binary, *args], capture_output=True, text=True)
    # A subcommand's --help exits 0; print what failed otherwise.
    if r.returncode != 0:
        sys.exit("%s %s exited %d: %s" % (binary, " ".join(args),
                                          r.returncode, r.stderr))
    return r.stdout


def subcommands(top_help):
    """The command names of the `commands:` section of `--help`."""
    out, inside = [], False
    for line in top_help.splitlines():
        if line.strip() == "commands:":
            inside = True
            continue
        if inside:
            if line and not line.startswith(" "):
                break
            m = re.match(r"^  (\w[\w-]*)\b", line)
            if m:
                out.append(m.group(1))
    return out


def parse_sub_help(text):
    """The summary, overview, usage line and options of a subcommand's
    --help."""
    summary, overview, usage, options = "", [], "", []
    section = None
    for line in text.splitlines():
        if line.startswith("OVERVIEW:"):
            section = "overview"
            overview.append(line[len("OVERVIEW:"):].strip())
            continue
        if line.startswith("SUBCOMMAND "):
            summary = line.split(": ", 1)[1].strip()
            section = None
            continue
        if line.startswith("USAGE:"):
            usage = line[len("USAGE:"):].strip()
            section = None
            continue
        if line.startswith("Generic Options:"):
            section = "generic"
            continue
        if line.startswith("BufferLens options:"):
            section = "options"
            continue
        if section == "overview":
            overview.append(line.strip())
        elif section == "options":
            m = re.match(r"^  (-\S+(?: <[^>]+>)?)\s+- (.*)$", line)
            v = re.match(r"^    (=\S+)\s+-\s+(.*)$", line)
            if m:
                options.append({"flag": m.group(1), "help": m.group(2),
                                "values": []})
            elif v and options:
                options[-1]["values"].append((v.group(1)[1:], v.group(2)))
    # Paragraphs of the overview are separated by blank lines.
    paras, cur = [], []
    for l in overview:
        if l:
            cur.append(l)
        elif cur:
            paras.append(" ".join(cur))
            cur = []
    if cur:
        paras.append(" ".join(cur))
    return summary, paras, usage, options


def roff(s):
    s = s.replace("\\", "\\e").replace("-", "\\-")
    # A line starting with . or ' is a request in roff.
    return re.sub(r"^([.'])", r"\\&\1", s)


def option_name(flag):
    """`--format=<value>` -> `--format`; `-o <OUT>` -> `-o`."""
    return re.split(r"[=\s]", flag, maxsplit=1)[0]


def man_page(version, commands, subs):
    out = ['.TH BUFFERLENS 1 "" "%s" "User Commands"' % roff(version),
           ".SH NAME",
           "bufferlens \\- buffer ownership of MLIR files: linter, "
           "explanations, deallocation rewrites, graphs and a language "
           "server",
           ".SH SYNOPSIS",
           ".B bufferlens",
           ".I COMMAND",
           "[\\fIOPTIONS\\fR] [\\fIARGS\\fR...]",
           ".br",
           ".B bufferlens",
           "\\-\\-version | \\-\\-help",
           ".SH DESCRIPTION",
           "BufferLens shows who owns every buffer in MLIR files.",
           "Each command prints its own options with",
           ".BR \"bufferlens COMMAND \\-\\-help\" .",
           ".SH COMMANDS"]
    for name in commands:
        summary, paras, usage, options = subs[name]
        out += [".SS %s" % roff(name), ".B %s" % roff(usage) if usage else "",
                ".PP" if usage else "", roff(summary) + "."]
        for p in paras:
            out += [".PP", roff(p)]
        for o in options:
            out += [".TP", ".B %s" % roff(o["flag"]), roff(o["help"])]
            for v, h in o["values"]:
                out += [".RS", ".TP", ".B %s" % roff(v), roff(h), ".RE"]
    out += [".SH OPTIONS",
            ".TP", ".B \\-\\-version",
            "print the BufferLens and MLIR versions",
            ".TP", ".B \\-\\-help",
            "print the list of commands",
            ".SH FILES",
            ".TP", ".I .bufferlens.json",
            "settings (finding severities, stage, limits), looked up from "
            "each input file's directory upwards",
            ".TP", ".I /usr/share/bufferlens/bufferlens\\-*.vsix",
            "the VS Code extension (install with",
            ".BR \"code \\-\\-install\\-extension\" )",
            ".SH SEE ALSO",
            ".BR mlir\\-opt (1)"]
    return "\n".join(l for l in out if l != "") + "\n"


def bash_completion(commands, subs):
    names = " ".join(commands)
    cases = []
    for name in commands:
        opts = sorted({option_name(o["flag"]) for o in subs[name][3]} |
                      {"--help"})
        values = []
        for o in subs[name][3]:
            if o["values"]:
                values.append("      %s) COMPREPLY=($(compgen -W '%s' -- "
                              "\"$cur\")); return ;;" %
                              (option_name(o["flag"]),
                               " ".join(v for v, _ in o["values"])))
        cases.append("    %s)\n%s      opts='%s' ;;" % (
            name,
            ("      case \"$prev\" in\n%s\n      esac\n" %
             "\n".join("  " + v for v in values)) if values else "",
            " ".join(opts)))
    return """# bash completion for bufferlens (generated from `bufferlens --help`
# and each command's --help by packaging/gen-docs.py)
_bufferlens() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    cur="${COMP_WORDS[COMP_CWORD]}"; prev="${COMP_WORDS[COMP_CWORD-1]}"
    words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD
  fi
  if [[ $cword -eq 1 ]]; then
    COMPREPLY=($(compgen -W '%s --help --version' -- "$cur"))
    return
  fi
  local opts=''
  case "${words[1]}" in
%s
    *) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    [[ ${COMPREPLY[0]-} == *= ]] && compopt -o nospace 2>/dev/null
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _bufferlens bufferlens
""" % (names, "\n".join(cases))


def zsh_quote(s):
    """Text inside single quotes, and inside an _arguments [description]."""
    return s.replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]")


def zsh_completion(commands, subs):
    cmd_lines = "\n".join("    '%s:%s'" % (n, zsh_quote(subs[n][0]))
                          for n in commands)
    cases = []
    for name in commands:
        specs = []
        for o in subs[name][3]:
            flag = option_name(o["flag"])
            takes = "=" in o["flag"] or " " in o["flag"]
            help_ = zsh_quote(o["help"])
            if o["values"]:
                specs.append("'%s=[%s]:value:(%s)'" % (
                    flag, help_, " ".join(v for v, _ in o["values"])))
            elif takes:
                sep = "=" if "=" in o["flag"] else "+"
                m = re.search(r"<([^>]+)>", o["flag"])
                what = m.group(1) if m else "value"
                action = "_files" if re.search(r"FILE|DIR|PATH|OUT|ORIGINAL",
                                               what) else " "
                specs.append("'%s%s[%s]:%s:%s'" % (flag, sep, help_,
                                                   what.lower(), action))
            else:
                specs.append("'%s[%s]'" % (flag, help_))
        specs.append("'--help[print the options]'")
        specs.append("'*:file:_files'")
        cases.append("    %s)\n      _arguments -s \\\n        %s\n      ;;" %
                     (name, " \\\n        ".join(specs)))
    return """#compdef bufferlens
# zsh completion for bufferlens (generated from `bufferlens --help` and each
# command's --help by packaging/gen-docs.py)
_bufferlens() {
  local -a commands
  commands=(
%s
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'bufferlens command' commands
    _arguments '--help[print the list of commands]' '--version[print the versions]'
    return
  fi
  local cmd=${words[2]}
  shift words
  (( CURRENT-- ))
  case $cmd in
%s
  esac
}
_bufferlens "$@"
""" % (cmd_lines, "\n".join(cases))


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    top = run(binary, "--help")
    version = run(binary, "--version").strip()
    commands = subcommands(top)
    if not commands:
        sys.exit("no commands found in `%s --help`" % binary)
    subs = {n: parse_sub_help(run(binary, n, "--help")) for n in commands}
    os.makedirs(out_dir, exist_ok=True)
    for name, text in (("bufferlens.1", man_page(version, commands, subs)),
                       ("bufferlens.bash", bash_completion(commands, subs)),
                       ("_bufferlens", zsh_completion(commands, subs))):
        with open(os.path.join(out_dir, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
