fs-prio --now 2026-11-20T08:00:00Z --set 'PriorityFlags=MAX_TRES,MAX_TRES_GRES' --set 'PartitionName=p Default=YES' --tsv | grep '^#flags'
