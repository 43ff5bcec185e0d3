fs-prio --set PriorityWeightTRES=CPU=lots --set 'PartitionName=p'
