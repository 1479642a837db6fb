# Shared by intentguard's hook shims (sourced, not run): start the CLI directly, never through
# npx (which costs ~0.4 s a hook), and add the trailers a commit carries. Everything on the path
# of an ordinary commit is shell builtins where it can be: a hook runs on every commit, and each
# program it starts costs a process.

# Objects as stored: git honours refs/replace and grafts unless told not to, and what the hooks
# judge must be what a clone gets. Every git the hooks start, Node's included, inherits these. A
# graft file under /dev/null can never exist: git reads none, and (unlike with /dev/null itself)
# prints no deprecation hint on every command.
export GIT_NO_REPLACE_OBJECTS=1 GIT_GRAFT_FILE=/dev/null/no-grafts

ig_node_hook() {
  # GUI git clients and some IDEs start hooks with a minimal PATH that lacks node. As with husky,
  # a user script can set PATH up for hooks (nvm, fnm, volta, Homebrew): intentguard doctor tells.
  ig_init="${XDG_CONFIG_HOME:-$HOME/.config}/intentguard/init.sh"
  if [ -f "$ig_init" ]; then
    # shellcheck disable=SC1090 # the user's own script, found at run time
    . "$ig_init"
  fi
  # An agent is never told how to skip the hooks: it asks the person it works for.
  ig_env_agent
  if [ -n "$ig_running_agent" ]; then
    ig_skip="An agent does not skip the hooks: ask the person you work for."
  else
    ig_skip="INTENTGUARD=0 skips the hooks for one command."
  fi
  if ! command -v node >/dev/null 2>&1; then
    printf '%s\n' \
      "intentguard: node is not on this hook's PATH ($PATH), so the $1 hook cannot run and the commit is stopped." \
      "  GUI git clients often give hooks a minimal PATH: set PATH in $ig_init (e.g. export PATH=\"/usr/local/bin:\$PATH\")," \
      "  then run intentguard doctor. $ig_skip" >&2
    exit 1
  fi
  # shellcheck disable=SC2154 # ig_hooks_dir is set by the shim that sources this file
  ig_cli="$ig_hooks_dir/../dist/cli.cjs"
  if [ ! -f "$ig_cli" ]; then
    # A work tree without node_modules, or a checkout of intentguard itself not built yet: Node
    # would print a stack trace. Fail closed, with the path and the fix.
    printf '%s\n' \
      "intentguard: $ig_cli is missing (the package is not installed or not built here)," \
      "  so the $1 hook cannot run and git stops. Run npm ci in the project that depends on" \
      "  intentguard (the package ships dist/), or npm run build in a checkout of intentguard," \
      "  then try again. $ig_skip" >&2
    exit 1
  fi
  exec node "$ig_cli" hook "$@"
}

# Sets ig_git_dir to this work tree's git directory without starting git: hooks start at the top
# of the work tree, where .git is the directory, or a file naming it (a submodule; git sets
# GIT_DIR itself for a linked work tree). Falls back to asking git.
ig_find_git_dir() {
  ig_git_dir=${GIT_DIR:-}
  [ -z "$ig_git_dir" ] || return 0
  if [ -d .git ]; then
    ig_git_dir=.git
  elif [ -f .git ] && IFS= read -r ig_gitfile <.git && [ "${ig_gitfile#gitdir: }" != "$ig_gitfile" ]; then
    ig_git_dir=${ig_gitfile#gitdir: }
  else
    ig_git_dir=$(git rev-parse --git-dir 2>/dev/null) || ig_git_dir=.git
  fi
}

# Sets ig_trimmed to $1 without leading and trailing white space.
ig_trim() {
  ig_trimmed=${1#"${1%%[![:space:]]*}"}
  ig_trimmed=${ig_trimmed%"${ig_trimmed##*[![:space:]]}"}
}

# Reads the message file $1 once, with builtins: ig_has_intent (an Intent: trailer), ig_blank
# (no line with anything but white space), ig_newline_end (the file ends with a newline). A line
# "Intent: …" is a trailer only where git reads trailers (the message's last paragraph, as
# git interpret-trailers decides): one in prose does not count, as the judge will not see it.
# Trailers are `Key: value` here as in every git intentguard starts (trailer.separators=:),
# whatever the user's configuration says. Only a plain message is decided here: its last
# paragraph, not the first, holds the line and every line of it is `Token: value`, and no line
# holds a control character (a tab, a CRLF's CR, a form feed) or starts with "#". Anything else
# with such a line asks git, about the message as git will commit it when $2 is "strip" (the
# editor's: comments and `commit -v`'s diff removed).
ig_read_message() {
  # shellcheck disable=SC1007 # `ig_has_intent=` empties it, on purpose
  ig_has_intent= ig_blank=1 ig_newline_end=1
  ig_seen_intent='' ig_ask_git='' ig_paragraphs=0 ig_in_paragraph='' ig_para_intent='' ig_para_plain=''
  while ig_line= && IFS= read -r ig_line || { [ -n "$ig_line" ] && ig_newline_end=; }; do
    case $ig_line in
      *[[:cntrl:]]* | '#'*) ig_ask_git=1 ;;
    esac
    case $ig_line in
      *[![:space:]]*)
        ig_blank=
        if [ -z "$ig_in_paragraph" ]; then
          ig_in_paragraph=1 ig_paragraphs=$((ig_paragraphs + 1)) ig_para_intent='' ig_para_plain=''
        fi
        case $ig_line in
          [Ii][Nn][Tt][Ee][Nn][Tt]:*) ig_seen_intent=1 ig_para_intent=1 ;;
          [A-Za-z0-9]*:*) case ${ig_line%%:*} in *[!A-Za-z0-9-]*) ig_para_plain=1 ;; esac ;;
          *) ig_para_plain=1 ;;
        esac
        ;;
      *) ig_in_paragraph= ;;
    esac
    [ -n "$ig_newline_end" ] || break
  done <"$1"
  [ -n "$ig_seen_intent" ] || return 0
  if [ -z "$ig_ask_git" ] && [ -n "$ig_para_intent" ] && [ -z "$ig_para_plain" ] &&
    [ "$ig_paragraphs" -gt 1 ]; then
    ig_has_intent=1
  elif [ "${2:-}" = strip ]; then
    ig_stripped "$1" | git -c trailer.separators=: interpret-trailers --parse --no-divider 2>/dev/null |
      grep -qi '^intent:' && ig_has_intent=1
  elif git -c trailer.separators=: interpret-trailers --parse --no-divider "$1" 2>/dev/null |
    grep -qi '^intent:'; then
    ig_has_intent=1
  fi
  return 0
}

# The message file $1 as git commits it after the editor: without what follows `commit -v`'s cut
# line (a diff, not the message) and without comment lines.
ig_stripped() {
  sed '/^. -\{24\} >8 -\{24\}$/,$d' "$1" | git stripspace --strip-comments
}

# The intent this work tree selected (`intentguard select`), read from selection.json in the
# state directory $1 without a JSON parser: {"version":1,"intent":"INT-001",...}.
ig_selected_intent() {
  ig_selected=
  if [ -e "$1/selection.json" ] && [ ! -f "$1/selection.json" ]; then
    printf '%s\n' "intentguard: cannot read the intent selection $1/selection.json: it is not a file. Move it away or remove it, then run intentguard select again." >&2
    return 0
  fi
  [ -f "$1/selection.json" ] || return 0
  IFS= read -r ig_json <"$1/selection.json" || [ -n "$ig_json" ] || return 0
  case $ig_json in *'"intent":"'*) ;; *) return 0 ;; esac
  ig_json=${ig_json#*'"intent":"'}
  ig_selected=${ig_json%%'"'*}
}

# Lists, one a line, the paths the commit being made changes, after and before (--no-renames):
# those of the patch git am applies when ig_patch names it (applypatch-msg runs before the patch
# reaches the index), else those staged against HEAD (the index git commits from: git sets
# GIT_INDEX_FILE for commit -a and commit <paths>), or against the empty tree for a first commit.
# An amend is compared with the commit it replaces: what it stages anew.
ig_changed_paths() {
  if [ -n "${ig_patch:-}" ]; then
    # "added<TAB>deleted<TAB>path"; a rename shows as "old => new", which is no rules file.
    git apply --numstat "$ig_patch" | cut -f 3-
    return
  fi
  set -- diff-index --cached --name-only --no-renames --ita-invisible-in-index --no-relative \
    --ignore-submodules=none
  git "$@" HEAD -- 2>/dev/null
  [ $? = 128 ] || return 0
  git "$@" "$(git hash-object -t tree /dev/null)" --
}

# Whether the paths on stdin (from ig_changed_paths) are a governance change: at least one, and
# every one the rules files or the intent map, as src/core/governance-files.ts isGovernanceOnly
# decides for the reports. Stops at the first other path: a work commit costs one line read.
ig_only_governance() {
  ig_any=
  while IFS= read -r ig_path; do
    case $ig_path in
      .orchestration/active_intents.yaml | policies/intentguard.yaml | .orchestration/intent_map.md) ig_any=1 ;;
      *) return 1 ;;
    esac
  done
  [ -n "$ig_any" ]
}

# Adds to the message in $1 the trailers that bind the commit: `Intent:` (INTENTGUARD_INTENT,
# else this work tree's selection, from the state directory $2) unless the commit changes only
# the rules (a governance change serves no intent, and the gate needs none for it), and the
# contributor the environment declares (INTENTGUARD_CONTRIBUTOR, _MODEL, _AGENT;
# src/core/trace/contributor.ts decides the same way). Each only when the message has no trailer with that key (git
# interpret-trailers --if-exists doNothing), and never to a blank message: the trailer alone
# would turn an aborted commit into a real one. $3 is "strip" when git will strip comment lines
# from the message (an editor was used): then git itself decides what is blank.
# The agent whose tool runs this, by the variable it sets (empty when none): ig_running_agent.
ig_env_agent() {
  ig_running_agent=
  ig_trim "${AI_AGENT:-}"
  if [ -n "$ig_trimmed" ]; then ig_running_agent=$ig_trimmed; return 0; fi
  ig_trim "${CLAUDECODE:-}"
  if [ -n "$ig_trimmed" ]; then ig_running_agent=claude-code; return 0; fi
  ig_trim "${CODEX_SANDBOX:-}${CODEX_THREAD_ID:-}"
  if [ -n "$ig_trimmed" ]; then ig_running_agent=codex; return 0; fi
  ig_trim "${GEMINI_CLI:-}"
  if [ -n "$ig_trimmed" ]; then ig_running_agent=gemini-cli; return 0; fi
  ig_trim "${CURSOR_AGENT:-}"
  if [ -n "$ig_trimmed" ]; then ig_running_agent=cursor-agent; fi
  return 0
}

ig_add_trailers() {
  ig_msg=$1 ig_state=$2 ig_cleanup=${3:-}
  ig_read_message "$ig_msg" "$ig_cleanup"
  set --
  if [ -z "$ig_has_intent" ]; then
    ig_trim "${INTENTGUARD_INTENT:-}"
    ig_intent=$ig_trimmed
    if [ -z "$ig_intent" ]; then
      ig_selected_intent "$ig_state"
      ig_intent=$ig_selected
    fi
    if [ -n "$ig_intent" ] && ! ig_changed_paths | ig_only_governance; then
      set -- --trailer "Intent: $ig_intent"
    fi
  fi
  ig_trim "${INTENTGUARD_CONTRIBUTOR:-}"
  ig_declared=$ig_trimmed
  ig_trim "${INTENTGUARD_MODEL:-}"
  ig_model=$ig_trimmed
  ig_trim "${INTENTGUARD_AGENT:-}"
  ig_agent=$ig_trimmed
  # An agent's own variable (src/core/agent-environment.ts, the same list) makes the commit an
  # agent's whatever INTENTGUARD_CONTRIBUTOR says: the agent can set that, not unset its own.
  ig_env_agent
  if [ -n "$ig_running_agent" ]; then
    ig_declared=AI
    [ -n "$ig_agent" ] || ig_agent=$ig_running_agent
  fi
  if [ -n "$ig_declared$ig_model$ig_agent" ]; then
    case $ig_declared in
      [Hh][Uu][Mm][Aa][Nn]) set -- "$@" --trailer "Contributor-Type: HUMAN" ;;
      *)
        set -- "$@" --trailer "Contributor-Type: AI"
        [ -z "$ig_model" ] || set -- "$@" --trailer "Contributor-Model: $ig_model"
        [ -z "$ig_agent" ] || set -- "$@" --trailer "Contributor-Agent: $ig_agent"
        ;;
    esac
  fi
  [ $# -gt 0 ] && [ -z "$ig_blank" ] || return 0
  if [ "$ig_cleanup" = strip ]; then
    ig_body=$(ig_stripped "$ig_msg")
    [ -n "$ig_body" ] || return 0
  fi
  # A message without a final newline (git merge -m writes one) would get the trailer glued to its
  # last line, where git no longer reads it as a trailer. --no-divider: a `---` line in a message
  # is text (dependabot's, a quoted patch); git reads a commit's trailers after it, so they go
  # at the very end, not above it.
  [ -n "$ig_newline_end" ] || printf '\n' >>"$ig_msg"
  git -c trailer.separators=: interpret-trailers --in-place --no-divider --where end \
    --if-exists doNothing "$@" "$ig_msg"
}
