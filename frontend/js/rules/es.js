// Las reglas de los cinco juegos en español, según los reglamentos originales y docs/RULES.md.
export default {
  addup: {sections: [
    ["Objetivo", ["Capturar el máximo de cartas: conseguir que las dos filas de la mesa sumen lo mismo."]],
    ["Las cartas", ["48 cartas: cartas numeradas del 1 al 9 (cuatro de cada), seis comodines blancos que valen de 0 a 5 y seis comodines amarillos que valen 10 o más."]],
    ["Preparación", ["Cada jugador recibe 3 cartas. Se destapan dos cartas de salida: una empieza la fila de arriba y la otra la de abajo. El resto de la baraja queda boca abajo. Empieza el primer jugador de la lista."]],
    ["Tu turno", [
      "Juega una carta de tu mano en la fila de arriba o en la de abajo. El valor de un comodín lo eliges al jugarlo y ya no cambia.",
      "Si entonces las dos filas tienen cartas y suman lo mismo, capturas todas las cartas de la mesa.",
      "Luego roba una carta, para volver a tener 3 mientras quede baraja. Si has capturado cartas, después se destapan dos nuevas cartas de salida. Si las dos cartas de salida son iguales, no capturan nada.",
    ]],
    ["Final de la partida", ["Cuando se acaba la baraja, se juegan las cartas que quedan en la mano. Cuando todas las manos están vacías, gana quien haya capturado más cartas; si hay empate, comparten la victoria."]],
  ], interpretations: [
    "La baraja tiene 48 cartas: 36 cartas numeradas (del 1 al 9, cuatro de cada), 6 comodines blancos que valen de 0 a 5 y 6 comodines amarillos que valen 10 o más (como mucho 999).",
    "Un comodín destapado como carta de salida va debajo de la baraja y se destapa la carta siguiente; si solo quedan comodines, la fila empieza vacía.",
    "Una fila vacía nunca está igualada: un 0 jugado en una mesa vacía no captura nada.",
    "Las cartas que quedan en la mesa al final no son de nadie.",
  ]},
  addit: {sections: [
    ["Objetivo", ["Recoger más cartas que los demás jugadores."]],
    ["Las cartas", ["60 cartas en seis palos de deportes (fútbol, baloncesto, tenis, béisbol, fútbol americano, hockey), numeradas del 1 al 10. Solo cuentan los números."]],
    ["Preparación", ["Cada jugador recibe 6 cartas, de una en una. Se ponen 12 cartas boca arriba en la mesa; el resto forma el mazo. Empieza el primer jugador de la lista; en la partida larga, cada nuevo reparto lo empieza el jugador siguiente."]],
    ["Tu turno", [
      "Juega una carta de tu mano. Puedes recoger un grupo de cartas de la mesa cuyos números sumen el número de tu carta (una sola carta del mismo número también es un grupo). Solo un grupo por turno.",
      "Ejemplo: con 2, 3, 3, 4, 4, 5, 6, 8, 8 en la mesa, un 8 puede recoger un 8, o 2 + 3 + 3, o 2 + 6, o 3 + 5, o 4 + 4. Con 2 + 3 + 3 se recogen más cartas.",
      "Recoger nunca es obligatorio: siempre puedes dejar la carta en la mesa. Las cartas recogidas y tu carta van a tu montón.",
      "Cuando todas las manos están vacías, se reparten manos nuevas del mazo.",
    ]],
    ["Final de un reparto", ["Cuando el mazo y todas las manos están vacíos, el último jugador que recogió se lleva las cartas que quedan en la mesa (si nadie recogió, no cuentan para nadie). Cada carta recogida vale un punto."]],
    ["Partida corta o larga", ["Corta: un solo reparto de toda la baraja; gana quien tenga más cartas. Larga: se juegan repartos hasta que alguien tenga 201 puntos o más al acabar uno; gana el total más alto."]],
  ], interpretations: [
    "Si al mazo le quedan menos de 6 cartas por jugador, se reparten a partes iguales (con 3 jugadores: 4 cartas cada uno en el último reparto); las que sobran van boca arriba a la mesa.",
  ]},
  plusminus: {sections: [
    ["Objetivo", ["Llevar tus cuatro peones a la casilla 25 moviéndolos con el total de dos cartas."]],
    ["Las cartas y los tableros", [
      "Las cartas Más negras suman y las cartas Menos rojas restan. Cada jugador tiene un tablero con las casillas del 1 al 25 y cuatro peones, que salen de las estrellas.",
      "Las manos están ocultas; del montón jugado solo se ve en la mesa la carta de arriba (el Registro dice cada carta tal como se jugó, boca arriba). Todos los tableros se ven.",
    ]],
    ["Preparación", ["Cada jugador recibe 11 cartas. De 5 a 8 jugadores se mezclan dos barajas; las cartas no repartidas se apartan sin mirarlas. Empieza el jugador siguiente al que reparte; en cada ronda reparte el jugador siguiente."]],
    ["Tu turno", [
      "Juega una carta. El total es tu carta más la carta de arriba (la que jugó el jugador anterior). La primera carta de una ronda debe ser una carta Más y cuenta sola.",
      "Mueve uno de tus peones tantas casillas como el total: hacia delante si es positivo (un peón en las estrellas entra en esa casilla), hacia atrás si es negativo (un peón que llega a 0 o menos vuelve a las estrellas). Un total de 0 no mueve ningún peón. Los peones en las estrellas nunca retroceden.",
      "Caer justo en el 25 lleva el peón a casa, donde se queda. Ir más allá del 25 es pasarse: el peón vuelve a las estrellas. Un peón en las estrellas solo puede pasarse (y se queda allí) si no tienes ningún peón en las casillas 1 a 24. Dos de tus peones no pueden estar en la misma casilla (salvo las estrellas y casa).",
      "Tú eliges el peón, aunque sea para pasarte a propósito. Quien puede mover un peón debe mover uno. Si ningún peón puede moverse, la carta se juega y nada se mueve.",
      "Ejemplos: arriba Más 5, juegas Menos 7: atrás 2. Arriba Más 5, juegas Menos 3: adelante 2. Arriba Menos 3, juegas Más 3: ningún peón se mueve. Arriba Menos 2, juegas Menos 9: atrás 11. Peones en 25, 25, 17 y las estrellas, arriba Más 15, juegas Más 11 (26): el peón del 17 debe pasarse.",
    ]],
    ["Final y puntuación", [
      "Una ronda acaba en cuanto un jugador lleva su cuarto peón a casa, o cuando se ha jugado la última carta.",
      "Cada peón en casa vale 50, cada peón en las estrellas −20 y cada uno de los demás el número de su casilla. Una partida es de 1 ronda o de una serie de 5; gana el total más alto.",
    ]],
  ], interpretations: [
    "La baraja tiene 44 cartas: 39 cartas Más negras (de Más 3 a Más 15, tres de cada) y 5 cartas Menos rojas (Menos 2, 3, 5, 7 y 9).",
  ]},
  addem: {sections: [
    ["Objetivo", ["Ser el primero en quedarse sin cartas y cantar ADD-EM. Los puntos cuentan en contra: con 50 quedas fuera."]],
    ["Las cartas", [
      "52 cartas: cartas Cifra negras del 0 al 8 (tres de cada), cartas Menos negras del −1 al −5 (dos de cada), cartas Total rojas del 0 al 12 y dos cartas Add-Em.",
      "La carta Add-Em impar vale 1, 3, 5, 7, −1, −3 o −5; la par 2, 4, 6, 8, −2 o −4. Nunca valen 0 ni hacen de carta Total. De 5 a 8 jugadores se usan dos barajas.",
    ]],
    ["Preparación", ["Cada jugador recibe 6 cartas; el resto forma el mazo, boca abajo. Empieza el jugador siguiente al que reparte."]],
    ["Una suma", ["Una suma son 3 cartas o más con exactamente una carta Total roja; las demás cartas suman el número de la carta Total. Una suma terminada va debajo del mazo."]],
    ["Tu turno", [
      "Si no hay nada expuesto: pon una suma hecha con tu mano, o expón boca arriba una carta Cifra o Menos, o roba una carta del mazo.",
      "Si hay cartas expuestas: completa una suma con todas las cartas expuestas y cartas de tu mano (la carta Total sale de tu mano), o coge las cartas expuestas y pon en su lugar dos o más cartas Cifra o Menos (no las que acabas de coger) que sumen lo mismo, o roba.",
      "Un jugador que solo tiene cartas Total y Add-Em debe robar.",
    ]],
    ["Quedarse sin cartas", ["Cuando tu mano queda vacía, cantas ADD-EM y la ronda termina. Justo después de una suma, una mano con solo una carta Total, o solo cartas Add-Em, se descarta y te quedas sin cartas. Una sola carta Cifra o Menos que quede debe esperar a tu siguiente turno; si entonces no hay nada expuesto, al exponerla te quedas sin cartas."]],
    ["Recuento", [
      "Los demás jugadores cuentan su mano: cartas Cifra y Menos 1 cada una, cartas Total 3 cada una, cartas Add-Em 10 cada una. Con 50 o más, un jugador queda fuera; la partida acaba cuando queda como mucho un jugador por debajo de 50. Gana la puntuación más baja.",
      "Con la opción de penalizaciones, una suma bien formada pero errónea cuesta 5 puntos y las cartas vuelven a la mano; sin ella, la suma se rechaza mostrando la cuenta.",
    ]],
  ], interpretations: [
    "Varias cartas expuestas cuentan juntas como un solo valor: una suma debe usarlas todas, y una sustitución las coge todas y pone dos o más cartas que sumen lo mismo.",
    "Un jugador que solo tiene cartas Total y Add-Em debe robar, incluso en el raro caso de que pudiera hacer una suma.",
    "Cuando el mazo está vacío se pasa en vez de robar; si todos los jugadores que siguen en juego pasan seguidos, la ronda acaba bloqueada: nadie canta ADD-EM y todos cuentan su mano.",
    "Quedarse sin cartas después de una suma es automático: una carta Total sola, o solo cartas Add-Em, se descartan en el acto.",
    "Los puntos de penalización cuentan enseguida, pero un jugador solo queda fuera cuando se hace el recuento de la ronda.",
    "Con dos barajas, una mano de solo cartas Add-Em (cuantas sean) puede descartarse después de una suma.",
    "Las sustituciones no dan vueltas sin fin: cuando todos los jugadores que siguen en juego han sustituido, uno tras otro, sin otra jugada en medio, el siguiente no puede sustituir (solo hacer una suma o robar); con el mazo vacío, nadie puede sustituir. Las partidas empezadas antes de esta regla siguen sin ella.",
  ]},
  addtoo: {sections: [
    ["Objetivo", ["Colocar todos tus rombos lo antes posible, juntando números iguales o que suman puntos; los rombos que te quedan en la mano restan puntos."]],
    ["Los rombos", ["45 rombos, cada uno dividido en una mitad naranja y una mitad azul con un número del 1 al 10 en cada una. Cada mitad muestra su número en sus dos lados exteriores."]],
    ["Preparación", ["Cada jugador toma 5 rombos y los pone boca arriba: todos ven todas las manos. Empieza el jugador con el rombo más bajo (por su total), con el rombo que quiera. Si hay empate, decide el siguiente rombo más bajo, y después quien esté antes en la lista de jugadores."]],
    ["Tu turno", [
      "Coloca un rombo junto al último rombo jugado. Los lados que se tocan deben ser del mismo color, y sus números deben ser iguales o sumar un múltiplo de 5 (5, 10, 15, 20).",
      "Juntar números iguales no puntúa por sí solo; si suman un múltiplo de 5, la jugada puntúa esa suma (5 contra 10 da 15; 5 contra 5 son iguales y además dan 10). Los demás lados que se tocan y puntúan también cuentan.",
      "Jugada de bonificación: un rombo también puede ir a una casilla libre que no esté junto al último rombo jugado, si allí toca 2, 3 o 4 rombos y cada lado que se toca es igual o puntúa. Da sus combinaciones más 5 por lado tocado. Una jugada junto al último rombo jugado nunca es de bonificación.",
      "Quien puede colocar debe colocar. Si no puede, roba, de uno en uno mientras tenga menos de 5 y queden en el montón, y coloca en cuanto pueda; si aún no puede, pasa.",
    ]],
    ["Final y puntuación", [
      "Una mano acaba cuando un jugador ha colocado todos sus rombos, cuando el último rombo está cerrado por sus cuatro lados o cuando todos los jugadores han pasado seguidos. Cada rombo que queda en la mano resta 10 puntos. Las puntuaciones solo cuentan al final de una mano.",
      "Se juegan manos hasta que el total de un jugador llega a la meta (200 si no se elige otra); entonces gana el total más alto.",
    ]],
  ], interpretations: [
    "Hay 45 rombos, uno por cada pareja de números distintos del 1 al 10.",
    "El número naranja es el menor cuando los dos números se diferencian en una cantidad impar, y el mayor cuando se diferencian en una cantidad par; el otro número es azul.",
    "Si varios jugadores llegan a la meta en la misma mano, gana el total más alto; si hay empate, gana quien más puntuó en esa última mano, restados 10 puntos por cada rombo que quedó en la mano; si sigue el empate, comparten la victoria.",
  ]},
};
