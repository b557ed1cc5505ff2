#!/bin/sh
# Makes play.txt a link to a file outside its directory, hoping the
# referee will read it out in its report.
ln -s /etc/passwd play.txt
