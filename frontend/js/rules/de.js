// Die Regeln der fünf Spiele auf Deutsch, nach den Originalregeln und docs/RULES.md.
export default {
  addup: {sections: [
    ["Ziel", ["Möglichst viele Karten abräumen: Sorge dafür, dass die beiden Reihen auf dem Tisch dieselbe Summe haben."]],
    ["Die Karten", ["48 Karten: Zahlenkarten von 1 bis 9 (je vier), sechs weiße Joker mit dem Wert 0 bis 5 und sechs gelbe Joker mit dem Wert 10 oder mehr."]],
    ["Vorbereitung", ["Jeder Spieler erhält 3 Karten. Zwei Karten werden als „Reihenanfang“ aufgedeckt: Eine beginnt die obere Reihe, die andere die untere. Der Rest des Stapels liegt verdeckt bereit. Der erste Spieler in der Spielerliste beginnt."]],
    ["Dein Zug", [
      "Lege eine Karte aus deiner Hand in die obere oder die untere Reihe. Den Wert eines Jokers wählst du beim Ausspielen, und danach bleibt er gleich.",
      "Haben danach beide Reihen Karten und dieselbe Summe, räumst du alle Karten vom Tisch ab.",
      "Dann ziehst du eine Karte, damit du wieder 3 hast, solange der Stapel reicht. Hast du abgeräumt, werden danach zwei neue Karten als Reihenanfang aufgedeckt. Sind die Reihenanfänge zufällig gleich, räumt niemand etwas ab.",
    ]],
    ["Spielende", ["Ist der Stapel aufgebraucht, werden die Handkarten noch ausgespielt. Sind alle Hände leer, gewinnt, wer die meisten Karten abgeräumt hat; bei Gleichstand teilt man sich den Sieg."]],
  ], interpretations: [
    "Das Kartenspiel hat 48 Karten: 36 Zahlenkarten (1 bis 9, je vier), 6 weiße Joker mit dem Wert 0 bis 5 und 6 gelbe Joker mit dem Wert 10 oder mehr (höchstens 999).",
    "Ein Joker, der als Reihenanfang aufgedeckt wird, kommt unter den Stapel, und die nächste Karte wird aufgedeckt; bleiben nur Joker, beginnt die Reihe leer.",
    "Eine leere Reihe ist nie ausgeglichen: Eine 0 auf einen leeren Tisch räumt nichts ab.",
    "Karten, die am Ende auf dem Tisch liegen, gehören niemandem.",
  ]},
  addit: {sections: [
    ["Ziel", ["Mehr Karten sammeln als die anderen Spieler."]],
    ["Die Karten", ["60 Karten in sechs Sportarten (Fußball, Basketball, Tennis, Baseball, American Football, Hockey), jeweils von 1 bis 10 nummeriert. Es zählen nur die Zahlen."]],
    ["Vorbereitung", ["Jeder Spieler erhält 6 Karten, eine nach der anderen. 12 Karten werden offen auf den Tisch gelegt; der Rest ist der Nachziehstapel. Der erste Spieler in der Spielerliste beginnt; im langen Spiel beginnt jede neue Runde der nächste Spieler."]],
    ["Dein Zug", [
      "Spiele eine Karte aus deiner Hand. Du darfst eine Gruppe von Tischkarten sammeln, deren Zahlen zusammen die Zahl deiner Karte ergeben (auch eine einzelne Karte mit derselben Zahl ist eine Gruppe). Nur eine Gruppe pro Zug.",
      "Beispiel: Liegen 2, 3, 3, 4, 4, 5, 6, 8, 8 auf dem Tisch, kann eine 8 eine 8 sammeln, oder 2 + 3 + 3, oder 2 + 6, oder 3 + 5, oder 4 + 4. Mit 2 + 3 + 3 sammelt man am meisten.",
      "Sammeln ist nie Pflicht: Du kannst die Karte immer auf den Tisch legen. Die gesammelten Karten und deine Karte kommen auf deinen Stapel.",
      "Sind alle Hände leer, werden aus dem Nachziehstapel neue Hände ausgeteilt.",
    ]],
    ["Ende einer Runde", ["Sind der Nachziehstapel und alle Hände leer, nimmt der Spieler, der zuletzt gesammelt hat, die übrigen Tischkarten (hat niemand gesammelt, zählen sie für niemanden). Jede gesammelte Karte zählt einen Punkt."]],
    ["Kurzes oder langes Spiel", ["Kurz: eine Runde mit dem ganzen Kartenspiel; wer die meisten Karten hat, gewinnt. Lang: Runden, bis jemand nach einer Runde 201 Punkte oder mehr hat; die höchste Summe gewinnt."]],
  ], interpretations: [
    "Hat der Nachziehstapel weniger als 6 Karten pro Spieler, wird er gleichmäßig verteilt (bei 3 Spielern je 4 Karten in der letzten Runde); übrige Karten kommen offen auf den Tisch.",
  ]},
  plusminus: {sections: [
    ["Ziel", ["Bringe deine vier Figuren auf Feld 25 ins Ziel, indem du sie um die Summe zweier Karten ziehst."]],
    ["Karten und Bretter", [
      "Schwarze Pluskarten zählen dazu, rote Minuskarten ziehen ab. Jeder Spieler hat ein Brett mit den Feldern 1 bis 25 und vier Figuren, die auf den Sternen beginnen.",
      "Die Handkarten sind verdeckt; vom Ablagestapel ist auf dem Tisch nur die oberste Karte zu sehen (der Verlauf nennt jede Karte, wie sie offen gespielt wurde). Alle Bretter sind offen.",
    ]],
    ["Vorbereitung", ["Jeder Spieler erhält 11 Karten. Bei 5 bis 8 Spielern werden zwei Kartenspiele zusammen gemischt; nicht ausgeteilte Karten werden ungesehen beiseitegelegt. Der Spieler nach dem Geber beginnt; der Geber wechselt mit jeder Partie zum nächsten Spieler."]],
    ["Dein Zug", [
      "Spiele eine Karte. Die Summe ist deine Karte plus die oberste Karte (die der Spieler vor dir gespielt hat). Die erste Karte einer Partie muss eine Pluskarte sein und zählt allein.",
      "Ziehe eine deiner Figuren um die Summe: vorwärts, wenn sie positiv ist (eine Figur auf den Sternen kommt auf dieses Feld), rückwärts, wenn sie negativ ist (eine Figur, die auf 0 oder weniger kommt, geht zurück zu den Sternen). Bei 0 zieht keine Figur. Figuren auf den Sternen ziehen nie rückwärts.",
      "Wer genau auf 25 kommt, ist mit dieser Figur im Ziel, wo sie bleibt. Wer über 25 hinauskommt, überzieht: Die Figur geht zurück zu den Sternen. Eine Figur auf den Sternen darf nur überziehen (sie bleibt dann dort), wenn du keine Figur auf den Feldern 1 bis 24 hast. Zwei deiner Figuren dürfen nicht auf demselben Feld stehen (außer auf den Sternen und im Ziel).",
      "Du wählst die Figur, auch um absichtlich zu überziehen. Wer eine Figur ziehen kann, muss eine ziehen. Kann keine Figur ziehen, wird die Karte gespielt und nichts bewegt sich.",
      "Beispiele: oben Plus 5, du spielst Minus 7: 2 zurück. Oben Plus 5, du spielst Minus 3: 2 vor. Oben Minus 3, du spielst Plus 3: Keine Figur zieht. Oben Minus 2, du spielst Minus 9: 11 zurück. Figuren auf 25, 25, 17 und auf den Sternen, oben Plus 15, du spielst Plus 11 (26): Die Figur auf 17 muss überziehen.",
    ]],
    ["Ende und Wertung", [
      "Eine Partie endet sofort, wenn ein Spieler seine vierte Figur ins Ziel bringt, oder wenn die letzte Karte gespielt ist.",
      "Jede Figur im Ziel zählt 50, jede Figur auf den Sternen −20, jede andere Figur die Zahl ihres Feldes. Gespielt wird 1 Partie oder eine Folge von 5; die höchste Summe gewinnt.",
    ]],
  ], interpretations: [
    "Das Kartenspiel hat 44 Karten: 39 schwarze Pluskarten (Plus 3 bis Plus 15, je drei) und 5 rote Minuskarten (Minus 2, 3, 5, 7 und 9).",
  ]},
  addem: {sections: [
    ["Ziel", ["Als Erster alle Karten loswerden und ADD-EM rufen. Punkte zählen gegen dich: Mit 50 scheidest du aus."]],
    ["Die Karten", [
      "52 Karten: schwarze Zahlenkarten 0 bis 8 (je drei), schwarze Minuskarten −1 bis −5 (je zwei), rote Summenkarten 0 bis 12 und zwei Add-Em-Karten.",
      "Die ungerade Add-Em-Karte steht für 1, 3, 5, 7, −1, −3 oder −5, die gerade für 2, 4, 6, 8, −2 oder −4. Sie stehen nie für 0 oder für eine Summenkarte. Bei 5 bis 8 Spielern spielt man mit zwei Kartenspielen.",
    ]],
    ["Vorbereitung", ["Jeder Spieler erhält 6 Karten; der Rest ist der verdeckte Stapel. Der Spieler nach dem Geber beginnt."]],
    ["Eine Summe", ["Eine Summe besteht aus 3 oder mehr Karten mit genau einer roten Summenkarte; die anderen Karten ergeben zusammen die Zahl der Summenkarte. Eine fertige Summe kommt unter den Stapel."]],
    ["Dein Zug", [
      "Liegt nichts offen: Lege eine Summe aus deiner Hand, oder lege eine Zahlen- oder Minuskarte offen hin, oder ziehe eine Karte vom Stapel.",
      "Liegen Karten offen: Vervollständige eine Summe mit allen offenen Karten und Karten aus deiner Hand (die Summenkarte kommt aus deiner Hand), oder nimm die offenen Karten und lege an ihre Stelle zwei oder mehr Zahlen- oder Minuskarten (nicht die gerade genommenen) mit derselben Summe, oder ziehe.",
      "Wer nur Summen- und Add-Em-Karten hat, muss ziehen.",
    ]],
    ["Fertig werden", ["Ist deine Hand leer, rufst du ADD-EM und die Runde endet. Hast du direkt nach einer Summe nur noch eine Summenkarte oder nur Add-Em-Karten auf der Hand, wirfst du sie ab und bist fertig. Eine einzelne übrige Zahlen- oder Minuskarte muss bis zu deinem nächsten Zug warten; liegt dann nichts offen, leert das Offenlegen deine Hand."]],
    ["Abrechnung", [
      "Die anderen Spieler zählen ihre Hand: Zahlen- und Minuskarten je 1, Summenkarten je 3, Add-Em-Karten je 10. Wer 50 oder mehr hat, scheidet aus; das Spiel endet, wenn höchstens ein Spieler unter 50 bleibt. Die niedrigste Punktzahl gewinnt.",
      "Mit der Option Strafpunkte kostet eine richtig gebaute, aber falsche Summe 5 Punkte, und die Karten kommen zurück auf die Hand; ohne sie wird die Summe abgelehnt und die Rechnung gezeigt.",
    ]],
  ], interpretations: [
    "Mehrere offene Karten zählen zusammen als ein Wert: Eine Summe muss sie alle verwenden, und beim Ersetzen nimmt man sie alle und legt zwei oder mehr Karten mit derselben Summe.",
    "Wer nur Summen- und Add-Em-Karten hat, muss ziehen, auch im seltenen Fall, dass er eine Summe bilden könnte.",
    "Ist der Stapel leer, passt man statt zu ziehen; passen alle noch spielenden Spieler nacheinander, endet die Runde blockiert: Niemand ruft ADD-EM, und alle zählen ihre Hand.",
    "Fertig werden nach einer Summe geschieht von selbst: Eine einzelne Summenkarte oder nur Add-Em-Karten werden sofort abgeworfen.",
    "Strafpunkte zählen sofort, aber ausscheiden kann ein Spieler erst bei der Abrechnung der Runde.",
    "Mit zwei Kartenspielen darf eine Hand aus nur Add-Em-Karten (egal wie vielen) nach einer Summe abgeworfen werden.",
    "Ersetzen im Kreis endet: Haben alle noch Mitspielenden nacheinander ersetzt, ohne einen anderen Zug dazwischen, darf der Nächste nicht ersetzen (nur eine Summe legen oder ziehen); ist der Stapel leer, darf niemand mehr ersetzen. Spiele, die vor dieser Regel begonnen haben, laufen ohne sie weiter.",
  ]},
  addtoo: {sections: [
    ["Ziel", ["Alle deine Rauten so schnell wie möglich legen, passend oder punktend; Rauten, die auf der Hand bleiben, kosten Punkte."]],
    ["Die Rauten", ["45 Rauten, jede in eine orange und eine blaue Hälfte geteilt, jede mit einer Zahl von 1 bis 10. Jede Hälfte zeigt ihre Zahl an ihren beiden Außenseiten."]],
    ["Vorbereitung", ["Jeder Spieler zieht 5 Rauten und legt sie offen vor sich: Alle sehen alle Hände. Wer die niedrigste Raute hat (nach ihrer Summe), beginnt mit einer beliebigen Raute. Bei Gleichstand entscheidet die nächstniedrige Raute, dann wer in der Spielerliste zuerst steht."]],
    ["Dein Zug", [
      "Lege eine Raute an die zuletzt gespielte Raute. Die sich berührenden Seiten müssen dieselbe Farbe haben, und ihre Zahlen müssen gleich sein oder zusammen ein Vielfaches von 5 ergeben (5, 10, 15, 20).",
      "Ein passender Zug bringt nichts; ein punktender Zug bringt die Summe der beiden Zahlen (5 an 10 bringt 15; 5 an 5 passt und bringt 10). Andere sich berührende Seiten, die punkten, zählen mit.",
      "Bonuszug: Eine Raute darf stattdessen auf ein freies Feld, das nicht neben der zuletzt gespielten Raute liegt, wenn sie dort 2, 3 oder 4 Rauten berührt und jede berührte Seite passt oder punktet. Sie bringt ihre Punkte plus 5 je berührter Seite. Ein Zug neben die zuletzt gespielte Raute ist nie ein Bonuszug.",
      "Wer legen kann, muss legen. Wer nicht kann, zieht eine Raute nach der anderen, solange er weniger als 5 hat und der Stapel reicht, und legt, sobald er kann; kann er dann immer noch nicht, passt er.",
    ]],
    ["Ende und Wertung", [
      "Eine Runde endet, wenn ein Spieler alle Rauten gelegt hat, wenn die letzte Raute an allen vier Seiten zu ist oder wenn alle Spieler nacheinander gepasst haben. Jede Raute auf der Hand kostet 10 Punkte. Punkte zählen erst am Ende einer Runde.",
      "Es wird gespielt, bis die Punktzahl eines Spielers das Ziel erreicht (200, wenn nichts anderes gewählt ist); dann gewinnt die höchste Punktzahl.",
    ]],
  ], interpretations: [
    "Es gibt 45 Rauten, eine für jedes Paar verschiedener Zahlen von 1 bis 10.",
    "Die orange Zahl ist die kleinere, wenn sich die beiden Zahlen um eine ungerade Zahl unterscheiden, und die größere, wenn sie sich um eine gerade Zahl unterscheiden; die andere Zahl ist blau.",
    "Erreichen mehrere Spieler das Ziel in derselben Runde, gewinnt die höchste Punktzahl; bei Gleichstand gewinnt, wer in dieser letzten Runde mehr Punkte hatte, nach Abzug von 10 Punkten je Raute auf der Hand; bei erneutem Gleichstand teilen sie sich den Sieg.",
  ]},
};
