fs-prio --conf golden/fs-prio-cluster.conf --set PriorityWeightAge=-5
