fs-prio --conf golden/fs-prio-cluster.conf -A phys; fs-prio --conf golden/fs-prio-cluster.conf --cpus 8 -u alice
