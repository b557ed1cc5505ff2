\ terminal? is true only when the output is a terminal someone watches:
\ here the output is a buffer, so demos do not pause.
terminal?
