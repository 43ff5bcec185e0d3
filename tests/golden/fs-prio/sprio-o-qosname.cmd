fs-prio --tree - --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs.tsv -Q high=100 -o '%.4i %.8n %.8o' < golden/fs-prio-tree.tsv
