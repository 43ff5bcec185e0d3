# The tree on the pipe may be a what-if tree.
fs-tree --sample | fs-rank --shares physics=60 | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf -u astro/bob -n 16 -t 1-0 --cost | tail -2
