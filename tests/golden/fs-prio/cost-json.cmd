fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf -u astro/bob -n 4 -t 1-0 --cost --json
