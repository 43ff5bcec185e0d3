fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf -u astro/bob -t 0:30 --cost | head -1
