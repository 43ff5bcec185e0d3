fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --set 'PartitionName=gpu Nodes=n3 TRESBillingWeights=CPU=x' -u astro/bob --cost
