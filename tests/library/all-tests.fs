\ all-tests.fs -- run the test module of every tfl module, then the totals.
\
\   gforth all-tests.fs -e bye
\   playforth all-tests.fs

require test/tester.fs

require test/tstk.fs
require test/tlst.fs
require test/thsh.fs
require test/ttok.fs
require test/tb64.fs
require test/trle.fs
require test/tsar.fs
require test/tdtc.fs
require test/tfst.fs
require test/tstr.fs

t-summary
