fs-prio --set 'NodeName=n[1-4] CPUs=16' --set 'PartitionName=p Nodes=n[1-4] Default=YES' --now 2026-11-20T08:00:00Z --set PriorityWeightTRES=CPU=1 --jobs-file golden/fs-prio-jobs-bad-id-big.tsv
