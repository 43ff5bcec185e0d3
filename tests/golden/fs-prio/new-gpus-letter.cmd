# -G is sbatch's letter for --gpus
for o in '-G 4' '--gpus 4'; do fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --set 'PartitionName=gpu Nodes=n[3-4] MaxTime=1-0 TRESBillingWeights=CPU=1.0,GRES/gpu=8' -u astro/bob -n 4 $o -p gpu -t 1:00:00 --cost | sed -n 2p; done
