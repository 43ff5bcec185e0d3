# MAX_TRES: the largest node TRES (memory here: 60G per node on 2 nodes)
fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --set 'PartitionName=gpu Nodes=n[3-4] MaxTime=1-0 TRESBillingWeights=CPU=1.0,Mem=0.25G,Node=2' --set PriorityFlags=MAX_TRES -u astro/bob -n 24 -N 2 --mem 60G -p gpu -t 2:00:00 --cost | sed -n 2p
