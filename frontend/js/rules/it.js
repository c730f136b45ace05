// Le regole dei cinque giochi in italiano, dai regolamenti originali e da docs/RULES.md.
export default {
  addup: {sections: [
    ["Scopo", ["Prendere più carte possibile: fare in modo che le due file sul tavolo abbiano la stessa somma."]],
    ["Le carte", ["48 carte: carte da 1 a 9 (quattro per numero), sei jolly bianchi che valgono da 0 a 5 e sei jolly gialli che valgono 10 o più."]],
    ["Preparazione", ["Ogni giocatore riceve 3 carte. Si scoprono due carte «aprifila»: una inizia la fila superiore, l'altra quella inferiore. Il resto del mazzo resta coperto. Comincia il primo giocatore della lista."]],
    ["Il tuo turno", [
      "Gioca una carta dalla tua mano sulla fila superiore o su quella inferiore. Il valore di un jolly lo scegli quando lo giochi, e non cambia più.",
      "Se ora entrambe le file hanno carte e la stessa somma, prendi tutte le carte del tavolo.",
      "Poi pesca una carta, per averne di nuovo 3 finché dura il mazzo. Dopo una presa si scoprono due nuove carte aprifila. Se le due carte aprifila sono uguali, non prendono niente.",
    ]],
    ["Fine della partita", ["Quando il mazzo è finito, si giocano le carte rimaste in mano. Quando tutte le mani sono vuote vince chi ha preso più carte; chi ne ha preso lo stesso numero vince a pari merito."]],
  ], interpretations: [
    "Il mazzo ha 48 carte: 36 carte numerate (da 1 a 9, quattro per numero), 6 jolly bianchi che valgono da 0 a 5 e 6 jolly gialli che valgono 10 o più (al massimo 999).",
    "Un jolly scoperto come aprifila va in fondo al mazzo e si scopre la carta seguente; se restano solo jolly, la fila inizia vuota.",
    "Una fila vuota non fa mai parità con l'altra: uno 0 giocato su un tavolo vuoto non prende niente.",
    "Le carte rimaste sul tavolo alla fine non sono di nessuno.",
  ]},
  addit: {sections: [
    ["Scopo", ["Raccogliere più carte degli altri giocatori."]],
    ["Le carte", ["60 carte in sei semi sportivi (calcio, pallacanestro, tennis, baseball, football americano, hockey), numerate da 1 a 10. Contano solo i numeri."]],
    ["Preparazione", ["Ogni giocatore riceve 6 carte, una alla volta. Si mettono 12 carte scoperte sul tavolo; il resto è il mazzo. Comincia il primo giocatore della lista; nella partita lunga, ogni nuova distribuzione la comincia il giocatore successivo."]],
    ["Il tuo turno", [
      "Gioca una carta dalla tua mano. Puoi raccogliere un gruppo di carte del tavolo la cui somma fa il numero della tua carta (anche una sola carta dello stesso numero è un gruppo). Un solo gruppo per turno.",
      "Esempio: con 2, 3, 3, 4, 4, 5, 6, 8, 8 sul tavolo, un 8 può raccogliere un 8, oppure 2 + 3 + 3, 2 + 6, 3 + 5 o 4 + 4. Con 2 + 3 + 3 si raccolgono più carte.",
      "Raccogliere non è mai obbligatorio: puoi sempre mettere la carta sul tavolo. Le carte raccolte e la tua carta vanno nel tuo mucchio.",
      "Quando tutte le mani sono vuote, si distribuiscono nuove mani dal mazzo.",
    ]],
    ["Fine di una distribuzione", ["Quando il mazzo e tutte le mani sono vuoti, l'ultimo giocatore che ha raccolto prende le carte rimaste sul tavolo (se nessuno ha raccolto, non contano per nessuno). Ogni carta raccolta vale un punto."]],
    ["Partita breve o lunga", ["Breve: una sola distribuzione di tutto il mazzo; vince chi ha più carte. Lunga: si gioca finché qualcuno ha 201 punti o più alla fine di una distribuzione; vince il totale più alto."]],
  ], interpretations: [
    "Se nel mazzo restano meno di 6 carte per giocatore, vengono divise in parti uguali (in 3: 4 carte a testa nell'ultima distribuzione); quelle avanzate vanno scoperte sul tavolo.",
  ]},
  plusminus: {sections: [
    ["Scopo", ["Portare le tue quattro pedine alla casella 25 muovendole del totale di due carte."]],
    ["Le carte e le tavole", [
      "Le carte Più nere aggiungono, le carte Meno rosse tolgono. Ogni giocatore ha una tavola con le caselle da 1 a 25 e quattro pedine, che partono dalle stelle.",
      "Le mani sono nascoste; del mucchio giocato sul tavolo si vede solo la carta in cima (il Registro riporta ogni carta come è stata giocata, scoperta). Tutte le tavole sono visibili.",
    ]],
    ["Preparazione", ["Ogni giocatore riceve 11 carte. Da 5 a 8 giocatori si mescolano due mazzi; le carte non distribuite si mettono da parte senza guardarle. Comincia il giocatore dopo chi ha distribuito; a ogni manche distribuisce il giocatore successivo."]],
    ["Il tuo turno", [
      "Gioca una carta. Il totale è la tua carta più la carta in cima (quella giocata dal giocatore prima di te). La prima carta di una manche deve essere una carta Più e conta da sola.",
      "Muovi una delle tue pedine del totale: avanti se è positivo (una pedina sulle stelle entra su quella casella), indietro se è negativo (una pedina portata a 0 o meno torna alle stelle). Con un totale di 0 non si muove nessuna pedina. Le pedine sulle stelle non tornano mai indietro.",
      "Arrivare esattamente sul 25 porta la pedina a casa, dove resta. Superare il 25 è sballare: la pedina torna alle stelle. Una pedina sulle stelle può sballare (e ci resta) solo se non hai pedine sulle caselle da 1 a 24. Due tue pedine non possono stare sulla stessa casella (tranne sulle stelle e a casa).",
      "Scegli tu la pedina, anche per sballare apposta. Chi può muovere una pedina deve muoverne una. Se nessuna pedina può muoversi, la carta viene giocata e non si muove niente.",
      "Esempi: in cima Più 5, giochi Meno 7: indietro di 2. In cima Più 5, giochi Meno 3: avanti di 2. In cima Meno 3, giochi Più 3: nessun movimento. In cima Meno 2, giochi Meno 9: indietro di 11. Pedine su 25, 25, 17 e sulle stelle, in cima Più 15, giochi Più 11 (26): la pedina sul 17 deve sballare.",
    ]],
    ["Fine e punteggio", [
      "Una manche finisce appena un giocatore porta a casa la sua quarta pedina, oppure quando è stata giocata l'ultima carta.",
      "Ogni pedina a casa vale 50, ogni pedina sulle stelle −20, ogni altra pedina il numero della sua casella. Una partita è di 1 manche o di una serie di 5; vince il totale più alto.",
    ]],
  ], interpretations: [
    "Il mazzo ha 44 carte: 39 carte Più nere (da Più 3 a Più 15, tre per valore) e 5 carte Meno rosse (Meno 2, 3, 5, 7 e 9).",
  ]},
  addem: {sections: [
    ["Scopo", ["Essere il primo a liberarsi di tutte le carte e gridare ADD-EM. I punti contano contro di te: a 50 sei fuori."]],
    ["Le carte", [
      "52 carte: carte Cifra nere da 0 a 8 (tre per valore), carte Meno nere da −1 a −5 (due per valore), carte Totale rosse da 0 a 12 e due carte Add-Em.",
      "La carta Add-Em dispari vale 1, 3, 5, 7, −1, −3 o −5; quella pari 2, 4, 6, 8, −2 o −4. Non valgono mai 0 e non fanno mai da carta Totale. Da 5 a 8 giocatori si usano due mazzi.",
    ]],
    ["Preparazione", ["Ogni giocatore riceve 6 carte; il resto è il mazzo, coperto. Comincia il giocatore dopo chi ha distribuito."]],
    ["Una somma", ["Una somma è fatta di 3 carte o più con esattamente una carta Totale rossa; le altre carte sommate fanno il numero della carta Totale. Una somma completata va in fondo al mazzo."]],
    ["Il tuo turno", [
      "Se non c'è niente di esposto: metti una somma fatta con la tua mano, oppure esponi scoperta una carta Cifra o Meno, oppure pesca una carta dal mazzo.",
      "Se ci sono carte esposte: completa una somma con tutte le carte esposte e carte della tua mano (la carta Totale viene dalla tua mano), oppure prendi le carte esposte e metti al loro posto due o più carte Cifra o Meno (non quelle appena prese) con lo stesso totale, oppure pesca.",
      "Chi ha in mano solo carte Totale e Add-Em deve pescare.",
    ]],
    ["Chiudere", ["Quando la tua mano è vuota gridi ADD-EM e il giro finisce. Subito dopo una somma, una mano con una sola carta Totale, o solo carte Add-Em, viene scartata e chiudi. Una sola carta Cifra o Meno rimasta deve aspettare il tuo turno successivo; se allora non c'è niente di esposto, esporla ti svuota la mano."]],
    ["Conteggio", [
      "Gli altri giocatori contano la propria mano: carte Cifra e Meno 1 ciascuna, carte Totale 3 ciascuna, carte Add-Em 10 ciascuna. A 50 o più un giocatore esce; la partita finisce quando resta al massimo un giocatore sotto 50. Vince il punteggio più basso.",
      "Con l'opzione penalità, una somma fatta bene ma con il conto sbagliato costa 5 punti e le carte tornano in mano; senza, la somma viene rifiutata mostrando il conto.",
    ]],
  ], interpretations: [
    "Più carte esposte valgono insieme come un solo valore: una somma deve usarle tutte, e una sostituzione le prende tutte e mette due o più carte con lo stesso totale.",
    "Chi ha in mano solo carte Totale e Add-Em deve pescare, anche nel raro caso in cui potrebbe fare una somma.",
    "Quando il mazzo è vuoto si passa invece di pescare; se tutti i giocatori ancora in gioco passano di fila, il giro finisce bloccato: nessuno grida ADD-EM e ognuno conta la propria mano.",
    "Chiudere dopo una somma è automatico: una carta Totale da sola, o solo carte Add-Em, vengono scartate subito.",
    "I punti di penalità contano subito, ma un giocatore esce solo al conteggio del giro.",
    "Con due mazzi, una mano di sole carte Add-Em (non importa quante) può essere scartata dopo una somma.",
    "I giri di sostituzioni finiscono: quando tutti i giocatori ancora in gioco hanno sostituito, uno dopo l'altro, senza altre mosse in mezzo, il successivo non può sostituire (solo fare una somma o pescare); a mazzo vuoto nessuno può sostituire. Le partite iniziate prima di questa regola continuano senza.",
  ]},
  addtoo: {sections: [
    ["Scopo", ["Mettere tutti i tuoi rombi il prima possibile, accostando numeri uguali o che fanno punti; i rombi rimasti in mano costano punti."]],
    ["I rombi", ["45 rombi, ognuno diviso in una metà arancione e una metà blu con un numero da 1 a 10 su ciascuna. Ogni metà mostra il suo numero sui due lati esterni."]],
    ["Preparazione", ["Ogni giocatore prende 5 rombi e li mette scoperti: tutti vedono tutte le mani. Comincia chi ha il rombo più basso (per il suo totale), con il rombo che vuole. A parità decide il rombo più basso successivo, poi chi viene prima nella lista dei giocatori."]],
    ["Il tuo turno", [
      "Metti un rombo accanto all'ultimo rombo giocato. I lati che si toccano devono essere dello stesso colore, e i loro numeri devono essere uguali o fare un multiplo di 5 (5, 10, 15, 20).",
      "Due numeri uguali non fanno punti; due numeri che fanno un multiplo di 5 valgono la loro somma (5 contro 10 vale 15; 5 contro 5 sono uguali e valgono 10). Contano anche gli altri lati che si toccano e fanno punti.",
      "Mossa bonus: un rombo può anche andare in una casella libera non accanto all'ultimo rombo giocato, se lì tocca 2, 3 o 4 rombi, con ogni lato toccato uguale o che fa punti. Vale le sue combinazioni più 5 per lato toccato. Una mossa accanto all'ultimo rombo giocato non è mai una mossa bonus.",
      "Chi può mettere un rombo deve metterlo. Chi non può pesca, un rombo alla volta finché ne ha meno di 5 e il mucchio non è finito, e mette appena può; se ancora non può, passa.",
    ]],
    ["Fine e punteggio", [
      "Una mano finisce quando un giocatore ha messo tutti i suoi rombi, quando l'ultimo rombo è chiuso su tutti e quattro i lati, o quando tutti i giocatori hanno passato di fila. Ogni rombo rimasto in mano costa 10 punti. I punteggi contano solo alla fine di una mano.",
      "Si giocano mani finché il totale di un giocatore arriva all'obiettivo (200 se non se ne sceglie un altro); allora vince il totale più alto.",
    ]],
  ], interpretations: [
    "Ci sono 45 rombi, uno per ogni coppia di numeri diversi da 1 a 10.",
    "Il numero arancione è il minore quando i due numeri differiscono di una quantità dispari, il maggiore quando differiscono di una quantità pari; l'altro numero è blu.",
    "Se più giocatori raggiungono l'obiettivo nella stessa mano, vince il totale più alto; a parità, vince chi ha fatto più punti in quell'ultima mano, tolti 10 punti per ogni rombo rimasto in mano; se c'è ancora parità, si dividono la vittoria.",
  ]},
};
