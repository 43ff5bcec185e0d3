fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --set 'PartitionName=open Nodes=n1' -p open -u astro/bob --cost
