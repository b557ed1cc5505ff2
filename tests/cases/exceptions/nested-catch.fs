: inner -3 throw ; : middle ['] inner catch 10 * throw ; ' middle catch
