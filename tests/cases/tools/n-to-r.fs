1 2 3 3 n>r nr>
