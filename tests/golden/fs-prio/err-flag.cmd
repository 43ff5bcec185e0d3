fs-prio --set PriorityFlags=NO_NORMAL_ALL,FAST --set 'PartitionName=p'
