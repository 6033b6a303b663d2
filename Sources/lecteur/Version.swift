/// `lecteur --version`; scripts/install.sh and the man page take it from here.
let lecteurVersion = "0.15.0"
