fs-prio --set 'NodeName=n[1-2] CPUs=4' --set 'PartitionName=p Nodes=n[1-3]'
