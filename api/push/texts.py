"""What a push notification says, in the languages of the web app (Brazilian Portuguese, pt-BR, beside European): the one place for these
texts on the server (the web app's own strings are in frontend/js/i18n/). The title is the game's
name, as the web app writes it; the body says what happened and what the seat must do.

A text names only the game and the seat that acted: never a card, a token or an invite."""

LANGUAGES = ("en", "fr", "es", "it", "de", "nl", "pt", "pt-BR")

GAME_NAMES = {
    "en": {"plusminus": "Plus and Minus"},
    "fr": {"plusminus": "Plus et Moins"},
    "es": {"plusminus": "Más y Menos"},
    "it": {"plusminus": "Più e Meno"},
    "de": {"plusminus": "Plus und Minus"},
    "nl": {"plusminus": "Plus en Min"},
    "pt": {"plusminus": "Mais e Menos"},
}  # a regional variant (pt-BR) names the games as its language does, unless it has its own entry
SAME_EVERYWHERE = {"addup": "ADD UP", "addit": "ADD-IT", "addem": "ADD'EM", "addtoo": "ADD-TOO"}

# kind -> language -> body; {actor} is the name of the seat that acted, {game} the game's name.
BODIES = {
    "joined": {  # the last seat was taken and the match starts with this seat
        "en": "{actor} joined: your turn in {game}.",
        "fr": "{actor} a rejoint la partie\u00a0: à vous de jouer à {game}.",
        "es": "{actor} se ha unido: te toca en {game}.",
        "it": "Anche {actor} è in partita: tocca a te in {game}.",
        "de": "{actor} ist dabei: Du bist dran bei {game}.",
        "nl": "{actor} doet mee: jij bent aan de beurt in {game}.",
        "pt": "{actor} entrou: é a tua vez em {game}.",
        "pt-BR": "{actor} entrou: é a sua vez em {game}.",
    },
    "turn": {
        "en": "{actor} played: your turn in {game}.",
        "fr": "{actor} a joué\u00a0: à vous de jouer à {game}.",
        "es": "{actor} ha jugado: te toca en {game}.",
        "it": "{actor} ha giocato: tocca a te in {game}.",
        "de": "{actor} hat gespielt: Du bist dran bei {game}.",
        "nl": "{actor} heeft gespeeld: jij bent aan de beurt in {game}.",
        "pt": "{actor} jogou: é a tua vez em {game}.",
        "pt-BR": "{actor} jogou: é a sua vez em {game}.",
    },
    "late": {  # a seat's time ran out and a stand-in move was made for it
        "en": "{actor}'s time ran out: your turn in {game}.",
        "fr": "Le temps de {actor} est écoulé\u00a0: à vous de jouer à {game}.",
        "es": "A {actor} se le acabó el tiempo: te toca en {game}.",
        "it": "Il tempo di {actor} è scaduto: tocca a te in {game}.",
        "de": "Die Zeit von {actor} ist abgelaufen: Du bist dran bei {game}.",
        "nl": "De tijd van {actor} is om: jij bent aan de beurt in {game}.",
        "pt": "O tempo de {actor} acabou: é a tua vez em {game}.",
        "pt-BR": "O tempo de {actor} acabou: é a sua vez em {game}.",
    },
    "deadline": {
        "en": "Your time to move in {game} is nearly up.",
        "fr": "Votre temps pour jouer à {game} est presque écoulé.",
        "es": "Casi se te ha acabado el tiempo para jugar en {game}.",
        "it": "Il tuo tempo per la mossa in {game} sta per scadere.",
        "de": "Deine Zeit für den Zug bei {game} ist fast abgelaufen.",
        "nl": "Je tijd voor je zet in {game} is bijna om.",
        "pt": "O teu tempo para jogar em {game} está quase a acabar.",
        "pt-BR": "O seu tempo para jogar em {game} está quase acabando.",
    },
    "pace": {  # another seat changed the time per move while this seat is to move: its turn counts again from then
        "en": "{actor} changed the time per move in {game}: it is still your turn.",
        "fr": "{actor} a changé le temps par coup à {game}\u00a0: c'est toujours à vous de jouer.",
        "es": "{actor} ha cambiado el tiempo por jugada en {game}: sigue siendo tu turno.",
        "it": "{actor} ha cambiato il tempo per mossa in {game}: tocca ancora a te.",
        "de": "{actor} hat die Zeit pro Zug bei {game} geändert: Du bist weiter dran.",
        "nl": "{actor} heeft de tijd per zet in {game} veranderd: je bent nog steeds aan de beurt.",
        "pt": "{actor} mudou o tempo por jogada em {game}: continua a ser a tua vez.",
        "pt-BR": "{actor} mudou o tempo por jogada em {game}: continua sendo a sua vez.",
    },
    "rematch": {
        "en": "{actor} asks for a rematch of {game}.",
        "fr": "{actor} propose une revanche\u00a0: on rejoue à {game}\u00a0?",
        "es": "{actor} pide la revancha en {game}.",
        "it": "{actor} chiede la rivincita a {game}.",
        "de": "{actor} möchte eine Revanche bei {game}.",
        "nl": "{actor} wil nog een keer {game} spelen.",
        "pt": "{actor} pede uma desforra em {game}.",
        "pt-BR": "{actor} pede uma revanche em {game}.",
    },
    "over": {
        "en": "Your {game} match is over: see who won.",
        "fr": "{game}\u00a0: la partie est terminée, voyez qui a gagné.",
        "es": "La partida de {game} ha terminado: mira quién ha ganado.",
        "it": "La partita di {game} è finita: guarda chi ha vinto.",
        "de": "Das Spiel {game} ist vorbei: Sieh nach, wer gewonnen hat.",
        "nl": "Het potje {game} is afgelopen: kijk wie er heeft gewonnen.",
        "pt": "O jogo de {game} terminou: vê quem ganhou.",
        "pt-BR": "O jogo de {game} terminou: veja quem ganhou.",
    },
    "freed": {  # the match's creator ({actor}) took this seat off the match before it started: its link works no more
        "en": "{actor}, who created this match of {game}, took you off it before it started. To play, ask {actor} for "
              "the invite again.",
        "fr": "{game}\u00a0: {actor}, qui a créé cette partie, vous en a retiré avant le début. Pour jouer, demandez à "
              "nouveau l'invitation à {actor}.",
        "es": "{actor}, que creó esta partida de {game}, te sacó de ella antes de empezar. Para jugar, pídele la "
              "invitación a {actor} otra vez.",
        "it": "{actor}, che ha creato questa partita di {game}, ti ha tolto dai giocatori prima dell'inizio. Per "
              "giocare, chiedi di nuovo l'invito a {actor}.",
        "de": "{actor} hat dieses Spiel {game} erstellt und dich vor dem Start herausgenommen. Um mitzuspielen, frag "
              "{actor} noch einmal nach der Einladung.",
        "nl": "{actor} heeft dit potje {game} gemaakt en je eraf gehaald voordat het begon. Wil je meespelen? Vraag "
              "{actor} nog een keer om de uitnodiging.",
        "pt": "{actor}, que criou este jogo de {game}, tirou-te dele antes de começar. Para jogar, pede o convite a "
              "{actor} outra vez.",
        "pt-BR": "{actor}, que criou este jogo de {game}, tirou você dele antes de começar. Para jogar, peça o convite "
                 "a {actor} de novo.",
    },
}
# kind -> language -> body, when no one's name is known of who acted (the web app's own words: mine.freed)
UNNAMED = {
    "freed": {
        "en": "The person who created this match of {game} took you off it before it started. To play, ask them for "
              "the invite again.",
        "fr": "{game}\u00a0: la personne qui a créé cette partie vous en a retiré avant le début. Pour jouer, demandez-lui "
              "à nouveau l'invitation.",
        "es": "Quien creó esta partida de {game} te sacó de ella antes de empezar. Para jugar, pídele la invitación "
              "otra vez.",
        "it": "Chi ha creato questa partita di {game} ti ha tolto dai giocatori prima dell'inizio. Per giocare, "
              "chiedi di nuovo l'invito.",
        "de": "Wer dieses Spiel {game} erstellt hat, hat dich vor dem Start herausgenommen. Um mitzuspielen, frag "
              "noch einmal nach der Einladung.",
        "nl": "Wie dit potje {game} heeft gemaakt, heeft je eraf gehaald voordat het begon. Wil je meespelen? Vraag nog "
              "een keer om de uitnodiging.",
        "pt": "Quem criou este jogo de {game} tirou-te dele antes de começar. Para jogar, pede o convite outra vez.",
        "pt-BR": "Quem criou este jogo de {game} tirou você dele antes de começar. Para jogar, peça o convite de novo.",
    },
}
KINDS = tuple(BODIES)


def language(asked: str | None) -> str:
    """One of LANGUAGES for a language tag: a regional variant by its own tag ("pt-BR"), any other by its primary
    subtag ("de-CH" is "de", "pt-PT" is "pt"); English otherwise."""
    tag = (asked or "").lower()
    variant = next((code for code in LANGUAGES if code.lower() == tag), None)
    primary = tag.split("-")[0]
    return variant or (primary if primary in LANGUAGES else "en")


def game_name(game: str, lang: str) -> str:
    names = GAME_NAMES.get(lang) or GAME_NAMES[lang.split("-")[0]]
    return names.get(game) or SAME_EVERYWHERE.get(game, game)


def notification(kind: str, game: str, actor: str | None, lang: str) -> dict:
    """The notification's title and body in `lang`."""
    name = game_name(game, lang)
    bodies = UNNAMED[kind] if actor is None and kind in UNNAMED else BODIES[kind]
    return {"title": name, "body": bodies[lang].format(actor=actor or "?", game=name)}
