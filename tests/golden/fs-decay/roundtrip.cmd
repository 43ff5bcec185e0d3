# what fs-decay writes, fs-decay and fs-rank read back exactly: 0 seconds changes nothing
fs-tree --sample | fs-decay --elapsed 7d > /tmp/fs-decay-rt.$$ &&
fs-decay --elapsed 0s /tmp/fs-decay-rt.$$ | grep -v "^#" | cmp - <(grep -v "^#" /tmp/fs-decay-rt.$$) && echo same; rm -f /tmp/fs-decay-rt.$$
