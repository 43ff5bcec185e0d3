fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf -Q high=100,low=10 --usage-factor low=0.5 -u astro/bob -q low,high -t 60 --cost
