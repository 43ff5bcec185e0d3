fs-prio --tree - --set 'PartitionName=p'
