"""Playing one seat from elsewhere: the seat stream (what one seat may receive, and its actions
checked by the engine) and the transports over it. No pygame here."""
