fs-tree --sample | fs-explain "$(printf 'bo\nb')" 2>&1 | wc -l
