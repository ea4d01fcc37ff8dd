// Every string the pages show, in English and French, in this one file.
// Server messages (refusals) arrive in English; the common ones are translated
// here by their stable code, the rest are shown as the server wrote them.

export const STRINGS = {
  en: {
    "app.name": "pitboss",
    "lang.switch": "Français",
    "lang.switch.label": "Show the page in French",
    "conn.live": "Live",
    "conn.connecting": "Connecting…",
    "conn.reconnecting": "Reconnecting…",
    "login.title": "Dealer's tablet",
    "login.pin": "Dealer PIN",
    "login.submit": "Log in",
    "login.logout": "Log out",
    "tab.hand": "Hand",
    "tab.seats": "Seats",
    "tab.game": "Game",
    "tab.ledger": "Ledger",
    "tabs.label": "Tablet sections",
    "hand.none": "No hand is being dealt.",
    "hand.number": "Hand {n}",
    "hand.deal": "Deal next hand",
    "hand.complete": "The hand is over.",
    "hand.to_act": "{name} (seat {seat}) to act",
    "hand.waiting_shoe": "Waiting for the shoe",
    "hand.card_for_seat_down": "a card face down for {name} (seat {seat})",
    "hand.card_for_seat_up": "a card face up for {name} (seat {seat})",
    "hand.card_board": "a community card face up",
    "hand.card_burn": "a burn card",
    "hand.draw": "{name} (seat {seat}) draws: tap the cards thrown away (at most {limit})",
    "hand.exchange": "{name} (seat {seat}) may exchange one card{cost}",
    "hand.exchange_cost": " (costs {chips})",
    "hand.declare": "Declarations: high, low or both",
    "hand.paused": "The table is paused: {reason}",
    "actions.label": "Legal actions",
    "act.check": "Check",
    "act.fold": "Fold",
    "act.call": "Call {chips}",
    "act.bet": "Bet {amount}",
    "act.raise": "Raise to {amount}",
    "act.complete": "Complete to {amount}",
    "act.bring-in": "Bring in {amount}",
    "act.bet_range": "Bet",
    "act.raise_range": "Raise to",
    "act.amount": "Amount ({min} to {max})",
    "act.draw": "Draw {n}",
    "act.stand-pat": "Stand pat",
    "act.exchange": "Exchange {n}",
    "way.high": "High",
    "way.low": "Low",
    "way.both": "Both",
    "declare.seat": "{name} (seat {seat}) declares",
    "picker.title": "Enter a card by hand",
    "picker.rank": "Rank",
    "picker.suit": "Suit",
    "picker.hint": "Tap the rank, then the suit.",
    "picker.joker": "Joker",
    "alerts.title": "Irregularities",
    "alerts.none": "No irregularities.",
    "alerts.dismiss": "Dismiss",
    "alerts.dismiss_label": "Dismiss irregularity {n}",
    "alerts.crop": "The card as the shoe saw it (irregularity {n})",
    "feed.title": "Card feed",
    "feed.camera": "shoe",
    "feed.tablet": "tablet",
    "feed.correction": "correction",
    "feed.action.check": "checks",
    "feed.action.bet": "bets",
    "feed.action.call": "calls",
    "feed.action.raise": "raises to",
    "feed.action.fold": "folds",
    "feed.action.complete": "completes to",
    "feed.action.bring-in": "brings in",
    "feed.action.draw": "draws",
    "feed.action.exchange": "exchanges",
    "feed.action.stand-pat": "stands pat",
    "feed.action.declare": "declares",
    "fix.title": "Corrections",
    "fix.undo": "Undo last",
    "fix.misdeal": "Misdeal",
    "fix.misdeal_confirm": "Void this hand and return every chip?",
    "fix.replace": "Replace card",
    "fix.replace_old": "Card read",
    "fix.replace_new": "Real card",
    "fix.replace_reason": "Why",
    "fix.expose": "Exposed card",
    "fix.expose_seat": "Seat",
    "fix.expose_card": "Card",
    "fix.pause": "Pause",
    "fix.resume": "Resume",
    "confirm.yes": "Yes",
    "confirm.no": "No",
    "cards.dealer_label": "Every seat's cards",
    "session.title": "Session",
    "session.none": "No session is open.",
    "session.open": "Open session",
    "session.table": "Table name",
    "session.chip_unit": "Money per chip",
    "session.stakes": "Stakes",
    "session.currency": "Currency",
    "session.end": "End session",
    "session.end_confirm": "Everyone cashes out and the session closes. End it?",
    "session.info": "{table}: 1 chip = {unit} {currency}",
    "seats.title": "Seats",
    "seats.add": "Seat a player",
    "seats.seat": "Seat",
    "seats.name": "Name",
    "seats.buy_in": "Buy-in (chips)",
    "seats.rebuy": "Rebuy",
    "seats.rebuy_chips": "Rebuy chips for seat {seat}",
    "seats.sit_out": "Sit out",
    "seats.sit_in": "Deal in",
    "seats.leave": "Cash out",
    "seats.button": "Button",
    "seats.has_button": "Dealer button",
    "seats.join": "Join code",
    "seats.empty": "Nobody is seated.",
    "seats.stack": "{stack} chips",
    "seats.out": "sitting out",
    "join.title": "Join code for {name} (seat {seat})",
    "join.hint": "Scan with the player's phone, or open the link.",
    "join.new": "New code",
    "join.new_hint": "A new code makes the old link stop working.",
    "join.none": "No code for this seat on this tablet: make a new one.",
    "join.localhost": "This tablet uses a local address: phones need the table's network address.",
    "dialog.close": "Close",
    "game.title": "Next game",
    "game.choose": "Game",
    "game.play": "Play this game",
    "game.current": "Now playing: {name}",
    "game.players": "{players} players",
    "game.deck.52": "52 cards",
    "game.deck.53": "52 cards and a joker",
    "game.deck.52+centre-joker": "52 cards; a joker exposed in the centre",
    "game.not_playable": "Cannot be dealt: {note}",
    "game.limits": "Ante {ante}, bets {small}/{big}",
    "game.reserve": "A new deal needs {reserve} chips in front of each player.",
    "street.deal": "deal {cards}",
    "street.down": "down",
    "street.up": "up",
    "street.bet_small": "bet (small)",
    "street.bet_big": "bet (big)",
    "street.draw": "draw",
    "street.exchange": "exchange",
    "street.declare": "declare",
    "street.when": "(when {option})",
    "ledger.title": "Ledger",
    "ledger.refresh": "Refresh",
    "ledger.player": "Player",
    "ledger.bought": "Bought",
    "ledger.rebuys": "Rebuys",
    "ledger.cashed_out": "Cashed out",
    "ledger.net": "Net chips",
    "ledger.money": "Net money",
    "ledger.settle": "Settle up",
    "ledger.pays": "{payer} pays {payee} {money} ({chips} chips)",
    "ledger.none": "No transfers yet: the bank balances once everyone has cashed out.",
    "table.pot": "Pot",
    "table.pots": "Pots",
    "table.side_pot": "Side pot {n}",
    "table.to_call": "To call: {chips}",
    "table.current_bet": "Bet: {bet}",
    "table.waiting": "Waiting for the next hand",
    "table.paused": "The dealer has paused the game",
    "table.no_session": "No game tonight yet",
    "table.joker": "Shared joker",
    "table.board": "Board",
    "table.stack": "Stack",
    "table.bet": "bet {bet}",
    "table.folded": "folded",
    "table.all_in": "all in",
    "table.dealer": "Dealer",
    "table.to_act": "to act",
    "table.wins": "{name} wins {chips}",
    "table.showdown": "Showdown",
    "table.uncontested": "{name} wins {chips} uncontested",
    "table.misdeal": "Misdeal: every chip returned",
    "table.hand_of": "{name}: {hand}",
    "table.down_cards": "{n} cards down",
    "table.seat": "Seat {seat}",
    "last.check": "checks",
    "last.fold": "folds",
    "last.call": "calls {chips}",
    "last.bet": "bets {total}",
    "last.raise": "raises to {total}",
    "last.complete": "completes to {total}",
    "last.bring-in": "brings in {total}",
    "last.draw": "draws {cards}",
    "last.draw0": "stands pat",
    "last.declare": "has declared",
    "player.title": "My seat",
    "player.you": "You: {name}, seat {seat}",
    "player.your_cards": "Your cards",
    "player.no_token": "This page needs the join code from the dealer's tablet.",
    "player.bad_token": "This link no longer works: ask the dealer for a new join code.",
    "player.your_turn": "Your turn",
    "player.others": "The table",
    "index.title": "pitboss: the table's pages",
    "index.tablet": "Dealer's tablet",
    "index.table": "Table screen (TV)",
    "index.player": "Players join by scanning the code on the dealer's tablet.",
    "err.generic": "Something went wrong: {message}",
    "err.network": "The table cannot be reached: check the network.",
    "err.bad_pin": "Wrong PIN.",
    "err.too_many_attempts": "Too many wrong PINs: wait a minute and try again.",
    "err.out_of_turn": "It is another seat's turn.",
    "err.illegal_action": "That action is not allowed now.",
    "err.wrong_amount": "That amount is not allowed.",
    "err.raise_cap_reached": "The raises are capped for this round.",
    "err.card_expected": "A card is due from the shoe first.",
    "err.no_hand": "No hand is being dealt.",
    "err.hand_in_progress": "A hand is being dealt: finish it first.",
    "err.hand_complete": "The hand is over: deal the next one.",
    "err.nothing_to_undo": "There is nothing to undo in this hand.",
    "err.no_session": "No session is open: open one first.",
    "err.session_open": "A session is already open.",
    "err.seat_taken": "That seat is taken.",
    "err.player_seated": "That player already has a seat.",
    "err.empty_seat": "Nobody sits in that seat.",
    "err.in_hand": "That seat is playing this hand: wait until it ends.",
    "err.table_paused": "The table is paused: resume it first.",
    "err.card_not_dealt": "That card has not been dealt in this hand.",
    "err.insufficient_reserve": "A player does not have enough chips for a new deal.",
    "err.wrong_player_count": "This game cannot be dealt to that many players.",
    "err.bad_request": "That input is not valid.",
    "irr.card_unreadable": "The shoe could not read a card: enter it by hand.",
    "irr.cards_together": "Two cards came out of the shoe together: enter them by hand in order, or declare a misdeal.",
    "irr.card_not_expected": "The shoe dealt {card}, which was not expected now.",
    "irr.duplicate_card": "The shoe dealt {card} a second time in this hand.",
    "irr.joker_not_in_pack": "The shoe dealt the joker, which is not in this game's pack.",
    "irr.unshuffled_runs": "The shoe looks unshuffled: check the shuffle; declare a misdeal if needed.",
    "irr.same_order": "The cards came out in the same order as an earlier hand: check the shuffle.",
    "feed.card_seat_down": "face down for seat {seat}",
    "feed.card_seat_up": "face up for seat {seat}",
    "feed.card_board": "community card",
    "feed.card_burn": "burn card",
    "feed.entered": "{card} entered by hand",
    "feed.undo": "undo the last event",
    "feed.misdeal": "misdeal: every chip returned",
    "feed.replaced": "{old} replaced by {new}: {reason}",
    "feed.exposed": "seat {seat}'s {card} exposed",
  },
  fr: {
    "app.name": "pitboss",
    "lang.switch": "English",
    "lang.switch.label": "Afficher la page en anglais",
    "conn.live": "En direct",
    "conn.connecting": "Connexion…",
    "conn.reconnecting": "Reconnexion…",
    "login.title": "Tablette du donneur",
    "login.pin": "Code du donneur",
    "login.submit": "Se connecter",
    "login.logout": "Se déconnecter",
    "tab.hand": "Donne",
    "tab.seats": "Places",
    "tab.game": "Jeu",
    "tab.ledger": "Comptes",
    "tabs.label": "Sections de la tablette",
    "hand.none": "Aucune donne en cours.",
    "hand.number": "Donne {n}",
    "hand.deal": "Donne suivante",
    "hand.complete": "La donne est terminée.",
    "hand.to_act": "À {name} (place {seat}) de parler",
    "hand.waiting_shoe": "En attente du sabot",
    "hand.card_for_seat_down": "une carte cachée pour {name} (place {seat})",
    "hand.card_for_seat_up": "une carte visible pour {name} (place {seat})",
    "hand.card_board": "une carte commune visible",
    "hand.card_burn": "une carte brûlée",
    "hand.draw": "{name} (place {seat}) tire : touchez les cartes écartées ({limit} au plus)",
    "hand.exchange": "{name} (place {seat}) peut échanger une carte{cost}",
    "hand.exchange_cost": " (coût {chips})",
    "hand.declare": "Annonces : haut, bas ou les deux",
    "hand.paused": "La table est en pause : {reason}",
    "actions.label": "Actions permises",
    "act.check": "Check",
    "act.fold": "Se coucher",
    "act.call": "Suivre {chips}",
    "act.bet": "Miser {amount}",
    "act.raise": "Relancer à {amount}",
    "act.complete": "Compléter à {amount}",
    "act.bring-in": "Bring-in {amount}",
    "act.bet_range": "Miser",
    "act.raise_range": "Relancer à",
    "act.amount": "Montant ({min} à {max})",
    "act.draw": "Tirer {n}",
    "act.stand-pat": "Servi",
    "act.exchange": "Échanger {n}",
    "way.high": "Haut",
    "way.low": "Bas",
    "way.both": "Les deux",
    "declare.seat": "Annonce de {name} (place {seat})",
    "picker.title": "Saisir une carte à la main",
    "picker.rank": "Valeur",
    "picker.suit": "Couleur",
    "picker.hint": "Touchez la valeur, puis la couleur.",
    "picker.joker": "Joker",
    "alerts.title": "Irrégularités",
    "alerts.none": "Aucune irrégularité.",
    "alerts.dismiss": "Classer",
    "alerts.dismiss_label": "Classer l'irrégularité {n}",
    "alerts.crop": "La carte vue par le sabot (irrégularité {n})",
    "feed.title": "Cartes lues",
    "feed.camera": "sabot",
    "feed.tablet": "tablette",
    "feed.correction": "correction",
    "feed.action.check": "check",
    "feed.action.bet": "mise",
    "feed.action.call": "suit",
    "feed.action.raise": "relance à",
    "feed.action.fold": "se couche",
    "feed.action.complete": "complète à",
    "feed.action.bring-in": "bring-in",
    "feed.action.draw": "tire",
    "feed.action.exchange": "échange",
    "feed.action.stand-pat": "est servi",
    "feed.action.declare": "annonce",
    "fix.title": "Corrections",
    "fix.undo": "Annuler le dernier",
    "fix.misdeal": "Maldonne",
    "fix.misdeal_confirm": "Annuler cette donne et rendre tous les jetons ?",
    "fix.replace": "Remplacer une carte",
    "fix.replace_old": "Carte lue",
    "fix.replace_new": "Vraie carte",
    "fix.replace_reason": "Pourquoi",
    "fix.expose": "Carte exposée",
    "fix.expose_seat": "Place",
    "fix.expose_card": "Carte",
    "fix.pause": "Pause",
    "fix.resume": "Reprendre",
    "confirm.yes": "Oui",
    "confirm.no": "Non",
    "cards.dealer_label": "Les cartes de chaque place",
    "session.title": "Séance",
    "session.none": "Aucune séance ouverte.",
    "session.open": "Ouvrir la séance",
    "session.table": "Nom de la table",
    "session.chip_unit": "Valeur d'un jeton",
    "session.stakes": "Enjeux",
    "session.currency": "Monnaie",
    "session.end": "Clore la séance",
    "session.end_confirm": "Chacun encaisse ses jetons et la séance se termine. La clore ?",
    "session.info": "{table} : 1 jeton = {unit} {currency}",
    "seats.title": "Places",
    "seats.add": "Installer un joueur",
    "seats.seat": "Place",
    "seats.name": "Nom",
    "seats.buy_in": "Cave (jetons)",
    "seats.rebuy": "Recave",
    "seats.rebuy_chips": "Jetons de recave pour la place {seat}",
    "seats.sit_out": "S'absenter",
    "seats.sit_in": "Rejouer",
    "seats.leave": "Encaisser",
    "seats.button": "Bouton",
    "seats.has_button": "Bouton du donneur",
    "seats.join": "Code d'accès",
    "seats.empty": "Personne n'est assis.",
    "seats.stack": "{stack} jetons",
    "seats.out": "absent",
    "join.title": "Code d'accès de {name} (place {seat})",
    "join.hint": "À scanner avec le téléphone du joueur, ou ouvrir le lien.",
    "join.new": "Nouveau code",
    "join.new_hint": "Un nouveau code désactive l'ancien lien.",
    "join.none": "Pas de code pour cette place sur cette tablette : créez-en un.",
    "join.localhost": "Cette tablette utilise une adresse locale : les téléphones ont besoin de l'adresse réseau de la table.",
    "dialog.close": "Fermer",
    "game.title": "Jeu suivant",
    "game.choose": "Jeu",
    "game.play": "Jouer ce jeu",
    "game.current": "En cours : {name}",
    "game.players": "{players} joueurs",
    "game.deck.52": "52 cartes",
    "game.deck.53": "52 cartes et un joker",
    "game.deck.52+centre-joker": "52 cartes ; un joker exposé au centre",
    "game.not_playable": "Ne peut pas être distribué : {note}",
    "game.limits": "Ante {ante}, mises {small}/{big}",
    "game.reserve": "Une nouvelle donne exige {reserve} jetons devant chaque joueur.",
    "street.deal": "distribuer {cards}",
    "street.down": "cachée",
    "street.up": "visible",
    "street.bet_small": "mises (petite)",
    "street.bet_big": "mises (grosse)",
    "street.draw": "tirage",
    "street.exchange": "échange",
    "street.declare": "annonces",
    "street.when": "(si {option})",
    "ledger.title": "Comptes",
    "ledger.refresh": "Actualiser",
    "ledger.player": "Joueur",
    "ledger.bought": "Cave",
    "ledger.rebuys": "Recaves",
    "ledger.cashed_out": "Encaissé",
    "ledger.net": "Jetons nets",
    "ledger.money": "Argent net",
    "ledger.settle": "Règlement",
    "ledger.pays": "{payer} paie {money} à {payee} ({chips} jetons)",
    "ledger.none": "Pas encore de règlement : la banque s'équilibre quand tout le monde a encaissé.",
    "table.pot": "Pot",
    "table.pots": "Pots",
    "table.side_pot": "Pot annexe {n}",
    "table.to_call": "À suivre : {chips}",
    "table.current_bet": "Mise : {bet}",
    "table.waiting": "En attente de la donne suivante",
    "table.paused": "Le donneur a mis la partie en pause",
    "table.no_session": "Pas encore de partie ce soir",
    "table.joker": "Joker commun",
    "table.board": "Tableau",
    "table.stack": "Tapis",
    "table.bet": "mise {bet}",
    "table.folded": "couché",
    "table.all_in": "à tapis",
    "table.dealer": "Donneur",
    "table.to_act": "à parler",
    "table.wins": "{name} gagne {chips}",
    "table.showdown": "Abattage",
    "table.uncontested": "{name} gagne {chips} sans abattage",
    "table.misdeal": "Maldonne : tous les jetons sont rendus",
    "table.hand_of": "{name} : {hand}",
    "table.down_cards": "{n} cartes cachées",
    "table.seat": "Place {seat}",
    "last.check": "check",
    "last.fold": "se couche",
    "last.call": "suit {chips}",
    "last.bet": "mise {total}",
    "last.raise": "relance à {total}",
    "last.complete": "complète à {total}",
    "last.bring-in": "bring-in {total}",
    "last.draw": "tire {cards}",
    "last.draw0": "est servi",
    "last.declare": "a annoncé",
    "player.title": "Ma place",
    "player.you": "Vous : {name}, place {seat}",
    "player.your_cards": "Vos cartes",
    "player.no_token": "Cette page a besoin du code d'accès de la tablette du donneur.",
    "player.bad_token": "Ce lien ne fonctionne plus : demandez un nouveau code au donneur.",
    "player.your_turn": "À vous",
    "player.others": "La table",
    "index.title": "pitboss : les pages de la table",
    "index.tablet": "Tablette du donneur",
    "index.table": "Écran de la table (TV)",
    "index.player": "Les joueurs se connectent en scannant le code affiché sur la tablette.",
    "err.generic": "Problème : {message}",
    "err.network": "La table est injoignable : vérifiez le réseau.",
    "err.bad_pin": "Code erroné.",
    "err.too_many_attempts": "Trop de codes erronés : attendez une minute.",
    "err.out_of_turn": "Ce n'est pas à cette place de parler.",
    "err.illegal_action": "Cette action n'est pas permise maintenant.",
    "err.wrong_amount": "Ce montant n'est pas permis.",
    "err.raise_cap_reached": "Les relances sont plafonnées pour ce tour.",
    "err.card_expected": "Une carte doit d'abord sortir du sabot.",
    "err.no_hand": "Aucune donne en cours.",
    "err.hand_in_progress": "Une donne est en cours : terminez-la d'abord.",
    "err.hand_complete": "La donne est terminée : distribuez la suivante.",
    "err.nothing_to_undo": "Rien à annuler dans cette donne.",
    "err.no_session": "Aucune séance ouverte : ouvrez-en une.",
    "err.session_open": "Une séance est déjà ouverte.",
    "err.seat_taken": "Cette place est prise.",
    "err.player_seated": "Ce joueur a déjà une place.",
    "err.empty_seat": "Personne n'est assis à cette place.",
    "err.in_hand": "Cette place joue la donne : attendez la fin.",
    "err.table_paused": "La table est en pause : reprenez d'abord.",
    "err.card_not_dealt": "Cette carte n'a pas été distribuée dans cette donne.",
    "err.insufficient_reserve": "Un joueur n'a pas assez de jetons pour une nouvelle donne.",
    "err.wrong_player_count": "Ce jeu ne se joue pas à ce nombre de joueurs.",
    "err.bad_request": "Saisie invalide.",
    "irr.card_unreadable": "Le sabot n'a pas pu lire une carte : saisissez-la à la main.",
    "irr.cards_together": "Deux cartes sont sorties ensemble : saisissez-les dans l'ordre, ou déclarez une maldonne.",
    "irr.card_not_expected": "Le sabot a sorti {card}, qui n'était pas attendue.",
    "irr.duplicate_card": "Le sabot a sorti {card} une deuxième fois dans cette donne.",
    "irr.joker_not_in_pack": "Le sabot a sorti le joker, qui n'est pas dans le paquet de ce jeu.",
    "irr.unshuffled_runs": "Le sabot semble mal mélangé : vérifiez le mélange ; maldonne si besoin.",
    "irr.same_order": "Les cartes sortent dans le même ordre qu'une donne précédente : vérifiez le mélange.",
    "feed.card_seat_down": "cachée pour la place {seat}",
    "feed.card_seat_up": "visible pour la place {seat}",
    "feed.card_board": "carte commune",
    "feed.card_burn": "carte brûlée",
    "feed.entered": "{card} saisie à la main",
    "feed.undo": "annulation du dernier événement",
    "feed.misdeal": "maldonne : tous les jetons sont rendus",
    "feed.replaced": "{old} remplacée par {new} : {reason}",
    "feed.exposed": "{card} de la place {seat} exposée",
  },
};

// The headline game's rules, in both languages (seeds 000 and 001, sections 01-04).
export const RULES = {
  "aces-straights-flushes": {
    en: "2 to 7 players. A 52-card pack; the joker is exposed in the centre as everyone's " +
      "shared seventh card: a bug (an ace, or the card that completes a straight, flush or " +
      "straight flush). Ante 1; bets 1 on the first two rounds, 2 on the last two; a bet " +
      "and three raises per round; 25 chips needed for a new deal. Two down and one up, " +
      "bet; one up, bet; one up, bet; one down, bet. The highest exposed hand opens each " +
      "round. Four aces and the joker (five aces) beat a straight flush.",
    fr: "2 à 7 joueurs. Un paquet de 52 cartes ; le joker est exposé au centre, septième " +
      "carte commune à tous : un bug (un as, ou la carte qui complète une suite, une couleur " +
      "ou une quinte flush). Ante de 1 ; mises de 1 aux deux premiers tours, de 2 aux deux " +
      "derniers ; une mise et trois relances par tour ; 25 jetons exigés pour une nouvelle " +
      "donne. Deux cartes cachées et une visible, mises ; une visible, mises ; une visible, " +
      "mises ; une cachée, mises. Le meilleur jeu exposé ouvre chaque tour. Quatre as et le " +
      "joker (cinq as) battent une quinte flush.",
  },
};

const FR_RANKS = {
  two: ["deux", "deux"], three: ["trois", "trois"], four: ["quatre", "quatre"],
  five: ["cinq", "cinq"], six: ["six", "six"], seven: ["sept", "sept"],
  eight: ["huit", "huit"], nine: ["neuf", "neuf"], ten: ["dix", "dix"],
  jack: ["valet", "valets"], queen: ["dame", "dames"], king: ["roi", "rois"], ace: ["as", "as"],
};
const EN_PLURAL = {};
for (const word of Object.keys(FR_RANKS)) EN_PLURAL[word === "six" ? "sixes" : word + "s"] = word;

function frRank(word, plural) {
  const singular = EN_PLURAL[word] || word;
  const fr = FR_RANKS[singular];
  return fr ? fr[plural ? 1 : 0] : word;
}

function frDe(word) {
  return /^[aeiou]/.test(word) ? `d'${word}` : `de ${word}`;
}

// English hand descriptions (controller/hands/value.py describe_high) in French.
const FR_HANDS = [
  [/^royal flush$/, () => "quinte flush royale"],
  [/^straight flush, (\w+) high$/, (m) => `quinte flush hauteur ${frRank(m[1])}`],
  [/^five (\w+)$/, (m) => `cinq ${frRank(m[1], true)}`],
  [/^four (\w+)$/, (m) => `carré ${frDe(frRank(m[1], true))}`],
  [/^full house, (\w+) full of (\w+)$/,
    (m) => `full aux ${frRank(m[1], true)} par les ${frRank(m[2], true)}`],
  [/^flush, (\w+) high$/, (m) => `couleur hauteur ${frRank(m[1])}`],
  [/^straight, (\w+) high$/, (m) => `quinte hauteur ${frRank(m[1])}`],
  [/^three (\w+)$/, (m) => `brelan ${frDe(frRank(m[1], true))}`],
  [/^two pair, (\w+) and (\w+)$/,
    (m) => `deux paires, ${frRank(m[1], true)} et ${frRank(m[2], true)}`],
  [/^pair of (\w+)$/, (m) => `paire ${frDe(frRank(m[1], true))}`],
  [/^(\w+) high$/, (m) => `hauteur ${frRank(m[1])}`],
];

const KEY = "pitboss.lang";

function pickLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && STRINGS[asked]) return asked;
  const kept = localStorage.getItem(KEY);
  if (kept && STRINGS[kept]) return kept;
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}

let lang = pickLang();

export function getLang() {
  return lang;
}

export function setLang(next) {
  lang = STRINGS[next] ? next : "en";
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? "").toString());
}

export function handName(english) {
  if (lang !== "fr") return english;
  for (const [pattern, make] of FR_HANDS) {
    const m = english.match(pattern);
    if (m) return make(m);
  }
  return english;
}

// A refusal from the server: its own (English, specific) message, or in French the
// translation of its stable code when there is one.
export function errorText(err) {
  if (!err) return "";
  if (err.code === "network") return t("err.network");
  const key = `err.${err.code}`;
  if (lang !== "en" && STRINGS[lang][key]) return t(key);
  return err.message || (STRINGS.en[key] ? t(key) : t("err.generic", { message: err.code }));
}

// An irregularity: the table's message, or its translation by code.
export function irregularityText(irr) {
  const key = `irr.${irr.code}`;
  if (lang !== "en" && STRINGS[lang][key]) return t(key, { card: irr.card });
  return irr.message;
}

// The table's feed lines (written in English by the server) in the page's language.
const FEED_LINES = [
  [/^(\w\w): a card face (up|down) for seat (\d+)$/,
    (m) => t(`feed.card_seat_${m[2]}`, { seat: m[3] })],
  [/^(\w\w): a community card face up$/, () => t("feed.card_board")],
  [/^(\w\w): a burn card$/, () => t("feed.card_burn")],
  [/^(\w\w) entered by hand$/, (m) => t("feed.entered", { card: m[1] })],
  [/^undo the last event$/, () => t("feed.undo")],
  [/^misdeal: every chip returned$/, () => t("feed.misdeal")],
  [/^(\w\w) replaced by (\w\w): (.*)$/, (m) => t("feed.replaced", { old: m[1], new: m[2], reason: m[3] })],
  [/^seat (\d+)'s (\w\w) exposed$/, (m) => t("feed.exposed", { seat: m[1], card: m[2] })],
];

export function feedLine(text) {
  for (const [pattern, make] of FEED_LINES) {
    const m = text.match(pattern);
    if (m) return make(m);
  }
  return text;
}

export function rulesText(gameId) {
  const rules = RULES[gameId];
  return rules ? rules[lang] || rules.en : "";
}

// Fill every [data-i18n] (text), [data-i18n-label] (aria-label) and
// [data-i18n-placeholder] element under root.
export function applyStrings(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  }
}
