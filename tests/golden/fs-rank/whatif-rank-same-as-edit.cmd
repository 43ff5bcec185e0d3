# The what-if tree ranks as the tree edited by hand (but for its metadata).
diff <(fs-tree --sample | fs-rank --shares physics=60 --usage chem/grace=0 | grep -v "^#whatif=") \
     <(fs-tree --sample | sed -e "s/^physics\t\t\troot\t40/physics\t\t\troot\t60/" -e "s/^chem\tgrace\t\tchem\t2\t30455.125000/chem\tgrace\t\tchem\t2\t0/" | fs-rank) && echo same
