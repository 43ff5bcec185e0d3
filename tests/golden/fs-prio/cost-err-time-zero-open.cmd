fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf -u astro/bob --set 'PartitionName=open Nodes=n1' -p open -t 0 --cost
