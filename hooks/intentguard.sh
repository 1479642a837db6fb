# Shared by intentguard's hook shims (sourced, not run): find Node and start the CLI directly,
# never through npx (which costs ~0.4 s a hook). The shim sets ig_hooks_dir before sourcing.

# GUI git clients and some IDEs start hooks with a minimal PATH that lacks node. As with husky,
# a user script can set PATH up for hooks (nvm, fnm, volta, Homebrew): intentguard doctor tells.
ig_init="${XDG_CONFIG_HOME:-$HOME/.config}/intentguard/init.sh"
if [ -f "$ig_init" ]; then
  # shellcheck disable=SC1090 # the user's own script, found at run time
  . "$ig_init"
fi

ig_node_hook() {
  if ! command -v node >/dev/null 2>&1; then
    printf '%s\n' \
      "intentguard: node is not on this hook's PATH ($PATH), so the $1 hook cannot run and the commit is stopped." \
      "  GUI git clients often give hooks a minimal PATH: set PATH in $ig_init (e.g. export PATH=\"/usr/local/bin:\$PATH\")," \
      "  then run intentguard doctor. INTENTGUARD=0 skips the hooks for one command." >&2
    exit 1
  fi
  # shellcheck disable=SC2154 # ig_hooks_dir is set by the shim that sources this file
  exec node "$ig_hooks_dir/../dist/cli.cjs" hook "$@"
}
