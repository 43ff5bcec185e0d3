fs-prio --set 'PartitionName=p Default=YES' --now 2026-11-20T08:00:00Z --set PriorityWeightTRES=CPU=1 --jobs-file golden/fs-prio-jobs-bad-tres.tsv
