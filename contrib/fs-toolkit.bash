# bash completion for the fairshare toolkit (fs-tree, fs-rank, fs-decay,
# fs-explain, fs-prio, fs-report): options as each program's --help lists
# them, file names after options that take a file, and user and account
# names read from a tree: the FILE on the command line, else $FS_TREE.
# Installed by 'make install' under share/bash-completion/completions.

# The tree to read names from: the first readable *.tsv word, else $FS_TREE.
_fs_tree_file()
{
	local w
	for w in "${COMP_WORDS[@]:1}"; do
		case $w in
		*.tsv) [ -r "$w" ] && { printf '%s\n' "$w"; return; } ;;
		esac
	done
	[ -n "${FS_TREE:-}" ] && [ -r "$FS_TREE" ] && printf '%s\n' "$FS_TREE"
}

# Names in the tree that start with PREFIX: users (USER and ACCOUNT/USER) or
# accounts, one a line. awk keeps only the matches, so that a TAB on a tree
# of 50,000 associations does not hand bash 100,000 words to sift.
_fs_names()
{
	local tree
	tree=$(_fs_tree_file) || return
	[ -n "$tree" ] || return
	awk -F '\t' -v what="$1" -v cur="$2" '
		function put(s) { if (substr(s, 1, n) == cur) print s }
		BEGIN { n = length(cur) }
		/^#/ { next }
		!h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
		what == "accounts" && $c["User"] == "" { put($c["Account"]); next }
		what == "users" && $c["User"] != "" {
			put($c["User"]); put($c["Account"] "/" $c["User"]) }
	' "$tree" 2>/dev/null | LC_ALL=C sort -u
}

# COMPREPLY from the lines of a command.
_fs_reply()
{
	local l
	while IFS= read -r l; do
		COMPREPLY+=("$l")
	done < <("$@")
}

_fs_toolkit()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()
	case $prev in
	--tree|--jobs-file|--conf|--since|--out|--sshare|--jobs|--rate-from|--running)
		if [ "$prev" != --jobs ] || [ "$1" != fs-prio ]; then
			COMPREPLY=($(compgen -f -- "$cur"))
			return
		fi ;;
	-u|--users|--user)
		_fs_reply _fs_names users "$cur"
		return ;;
	-A|--accounts|--account)
		_fs_reply _fs_names accounts "$cur"
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$("$1" --help 2>/dev/null |
			grep -oE -- '(^|[ ,[])--?[A-Za-z][A-Za-z0-9-]*' |
			sed 's/^[ ,[]*//' | sort -u)" -- "$cur"))
		return
	fi
	if [ "$1" = fs-explain ] && [ -n "$(_fs_tree_file)" ]; then
		_fs_reply _fs_names users "$cur"
		[[ $cur == */* ]] || COMPREPLY+=($(compgen -f -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _fs_toolkit fs-tree fs-rank fs-decay fs-explain fs-prio fs-report
