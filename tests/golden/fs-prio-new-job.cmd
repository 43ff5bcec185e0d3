fs-prio -t - --conf golden/fs-prio-cluster.conf --jobs golden/fs-prio-jobs.tsv -Q high=100 --user alice --account phys --partition main --cpus 8 --time 2:00:00
