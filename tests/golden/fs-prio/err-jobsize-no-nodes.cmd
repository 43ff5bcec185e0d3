fs-prio --set 'PriorityWeightJobSize=10 PartitionName=p'
