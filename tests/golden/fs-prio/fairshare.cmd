fs-prio --tree - --set PriorityWeightFairshare=10000 --set 'PartitionName=main' --set 'PartitionName=prio' --jobs-file golden/fs-prio-jobs.tsv -Q high=100 --tsv | cut -f1,2,13,17,23
