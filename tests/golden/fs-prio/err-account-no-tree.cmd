fs-prio --new --set 'PartitionName=p Default=YES' --now 2026-11-20T08:00:00Z --user alice
