fs-prio --set 'PartitionName=p PriorityJobFactor=70000'
