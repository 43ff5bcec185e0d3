fs-prio --conf golden/fs-prio-cluster.conf --account phys
