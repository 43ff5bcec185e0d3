fs-prio --new --conf golden/fs-prio-cluster.conf --set PriorityWeightFairshare=0 -u bob -A astro -t 1:00:00 --cost
