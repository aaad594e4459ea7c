import { BRAND } from '@contract/brand';
import { policyDocument, type PolicySlug } from '@contract/policies';
import { RETENTION_MARKER } from '@contract/retention';

const LEGAL_NAME = `${BRAND.name} S.r.l.`;
const HQ = `${BRAND.headquarters.line1}, ${BRAND.headquarters.postalCode} ${BRAND.headquarters.city}, Italia`;
const STUDIO = `${BRAND.studio.line1}, ${BRAND.studio.postalCode} ${BRAND.studio.city}, Italia`;
/** A policy's "Ultimo aggiornamento" day (`updated` in contract/policies.ts), as an Italian reader writes it. */
const updated = (slug: PolicySlug) =>
  new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${policyDocument(slug).updated}T12:00:00Z`),
  );

/** The policy documents in Italian, written for Italian shoppers (not a word-for-word copy of the English); links stay under /it. */
export const POLICY_MARKDOWN_IT: Record<PolicySlug, string> = {
  'privacy-policy': `_Ultimo aggiornamento: ${updated('privacy-policy')}_

Questa informativa spiega come ${LEGAL_NAME} ("${BRAND.name}" o "noi") tratta i tuoi dati personali quando visiti il nostro sito, crei un account, acquisti da noi o ci scrivi. È resa ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (Regolamento generale sulla protezione dei dati, "GDPR") e del Codice in materia di protezione dei dati personali (D.lgs. 196/2003 e successive modifiche).

## 1. Titolare del trattamento

Il titolare del trattamento è ${LEGAL_NAME}, ${HQ}. Per qualsiasi domanda su questa informativa puoi scriverci a [${BRAND.email}](mailto:${BRAND.email}) o per posta all'indirizzo indicato sopra.

## 2. Quali dati raccogliamo

- **Dati dell'account**: indirizzo email, password (conservata solo come hash non reversibile), nome e cognome e, se li aggiungi, numero di telefono e indirizzo.
- **Dati degli ospiti**: l'indirizzo email che verifichi per acquistare senza account.
- **Dati degli ordini**: i prodotti che acquisti, gli indirizzi di consegna e di fatturazione, lo storico degli ordini e lo stato di ogni spedizione.
- **Dati di pagamento**: i pagamenti sono gestiti dal nostro fornitore di pagamenti con carta. Riceviamo una conferma e le ultime cifre della carta; non vediamo né conserviamo mai il numero completo.
- **Messaggi**: quello che ci invii con il modulo di contatto (nome, email, motivo, oggetto e messaggio) e le nostre risposte.
- **Dati tecnici**: indirizzo IP, tipo di browser e pagine richieste, conservati nei log del server per motivi di sicurezza.
- **Richieste di disponibilità**: l'indirizzo email e il prodotto per cui hai chiesto di essere avvisato.

## 3. Perché li usiamo e su quale base giuridica

1. **Per vendere e consegnare il tuo ordine**, gestire i resi e rispondere alle domande su un ordine: esecuzione del contratto (art. 6, par. 1, lett. b GDPR).
2. **Per gestire il tuo account** e mostrarti lo storico degli ordini e le card da collezione: esecuzione del contratto.
3. **Per tenere la contabilità e i documenti fiscali** e rispettare gli obblighi del Codice del consumo: obbligo di legge (art. 6, par. 1, lett. c).
4. **Per rispondere ai tuoi messaggi** e inviarti gli avvisi di disponibilità che hai chiesto: la tua richiesta e il nostro legittimo interesse a risponderti (art. 6, par. 1, lett. b e f).
5. **Per proteggere il negozio** da frodi, abusi e attacchi (per esempio limitando quante volte si può inviare un modulo): legittimo interesse (art. 6, par. 1, lett. f).
6. **Email promozionali**, solo se le chiedi (all'iscrizione o nel tuo profilo) e le confermi con il link che ti inviamo via email: consenso (art. 6, par. 1, lett. a), che puoi revocare in qualsiasi momento. Comprendono un promemoria, e al massimo un secondo, di un carrello lasciato senza pagare. Ognuna contiene un link che le interrompe con un clic, senza accedere.

## 4. Per quanto tempo li conserviamo

- Dati dell'account: finché l'account esiste. Puoi scaricarli o eliminare l'account in autonomia dal tuo profilo; quando lo elimini li cancelliamo subito, tranne ciò che la legge ci obbliga a conservare (i tuoi ordini, ridotti a importi, articoli e paese di consegna).
- Sessioni ospite: circa 10 ore; l'email legata a un ordine da ospite resta con l'ordine.
- Log del server: 90 giorni, salvo che servano per indagare su un incidente.

Questi sono i periodi in vigore oggi; ogni ora cancelliamo ciò che li ha superati:

${RETENTION_MARKER}

## 5. A chi li comunichiamo

Condividiamo i dati solo con chi ci aiuta a gestire il negozio, vincolato da contratto come responsabile del trattamento ai sensi dell'art. 28 GDPR, o come titolare autonomo quando la legge lo prevede:

- il fornitore dei pagamenti con carta;
- i corrieri (come Poste Italiane, BRT, GLS e DHL) per le consegne;
- i nostri fornitori di hosting e di posta elettronica;
- i nostri commercialisti e, quando richiesto, le autorità pubbliche.

Non vendiamo dati personali.

## 6. Trasferimenti fuori dallo Spazio economico europeo

Se un fornitore tratta i dati fuori dallo SEE, ci basiamo su una decisione di adeguatezza della Commissione europea o sulle clausole contrattuali tipo, con garanzie aggiuntive quando servono.

## 7. I tuoi diritti

Ai sensi degli articoli da 15 a 22 del GDPR puoi, in qualsiasi momento e gratuitamente:

- accedere ai tuoi dati e riceverne una copia;
- far correggere i dati inesatti;
- ottenere la cancellazione dei dati ("diritto all'oblio") quando la legge lo consente;
- limitare il trattamento od opporti, anche alla profilazione e al marketing diretto;
- ricevere i tuoi dati in un formato portabile;
- revocare il consenso, senza pregiudicare il trattamento svolto prima della revoca.

Scrivi a [${BRAND.email}](mailto:${BRAND.email}); rispondiamo entro un mese. Puoi anche proporre reclamo al *Garante per la protezione dei dati personali* (Piazza Venezia 11, 00187 Roma, www.garanteprivacy.it).

## 8. Cookie e archiviazione locale

Usiamo solo ciò che serve al funzionamento del negozio: un cookie di sessione che mantiene l'accesso e conserva il carrello, un cookie che ricorda la lingua scelta (per un anno), uno che conserva il numero di articoli del carrello mostrato nell'intestazione (per 30 secondi) e la registrazione della tua scelta sull'informativa sui cookie (nell'archiviazione locale del browser, o in un cookie se JavaScript è disattivato). Non usiamo cookie pubblicitari né di tracciamento di terze parti. Trovi altri dettagli nelle [Condizioni d'uso del sito](/it/website-use-agreement).

Per capire dove i clienti lasciano il negozio, contiamo ogni giorno, in totale e per prodotto, le pagine prodotto viste, gli articoli aggiunti a un carrello, i checkout avviati, le pagine di pagamento raggiunte e gli ordini pagati. Sono solo numeri giornalieri: nessun identificativo, indirizzo o cookie viene letto o conservato con essi, non possono essere collegati a te e non è coinvolto alcuno script di terze parti.

## 9. Sicurezza

Le password sono cifrate con hash, il traffico è crittografato, l'accesso ai dati è limitato al personale che ne ha bisogno e i moduli sono protetti dagli abusi automatizzati.

## 10. Minori

Il negozio non è pensato per chi ha meno di 14 anni, l'età del consenso digitale in Italia. Non raccogliamo consapevolmente i loro dati.

## 11. Modifiche

Possiamo aggiornare questa informativa. La data in cima indica la versione più recente; le modifiche importanti saranno annunciate sul sito o via email.
`,

  'return-policy': `_Ultimo aggiornamento: ${updated('return-policy')}_

Vogliamo che tu ami quello che compri da ${BRAND.name}. Se cambi idea, puoi restituirlo. Qui trovi il tuo diritto di recesso secondo il Codice del consumo (D.lgs. 206/2005, articoli da 52 a 59) e come funzionano i resi in pratica.

## Il diritto di recesso di 14 giorni

Se sei un consumatore, puoi recedere dall'acquisto **entro 14 giorni** senza indicarne il motivo. Il termine decorre dal giorno in cui tu, o una persona da te indicata diversa dal corriere, ricevi i beni. Per un ordine consegnato in più pacchi decorre dal giorno in cui arriva l'ultimo.

## Come rendere un articolo

1. Avvisaci prima che scadano i 14 giorni: scrivi a [${BRAND.supportEmail}](mailto:${BRAND.supportEmail}) o usa il nostro [modulo di contatto](/it/contact?reason=order), indicando il numero d'ordine e gli articoli che rendi. Puoi usare il modulo tipo qui sotto, ma non sei obbligato.
2. Entro un giorno lavorativo ti mandiamo l'indirizzo per il reso e un riferimento.
3. Rispedisci gli articoli **entro 14 giorni** dalla comunicazione, al nostro laboratorio: ${STUDIO}.

## Condizioni degli articoli resi

Restituisci gli articoli non indossati, non lavati e con le etichette. Puoi maneggiare un articolo come faresti in negozio per valutarne vestibilità e qualità. Se un articolo ha perso valore perché è stato usato oltre questo limite (per esempio indossato fuori casa o lavato), possiamo ridurre il rimborso di quella perdita di valore.

## Costi

- I resi dall'Italia sono gratuiti con l'etichetta che ti inviamo.
- Dagli altri paesi dell'UE il costo diretto della restituzione è a tuo carico.
- Se l'articolo è difettoso o non è quello che hai ordinato, paghiamo noi ogni costo.

## Rimborsi

Ti rimborsiamo tutto quello che hai pagato, **compreso il costo della consegna standard**, entro 14 giorni dal ricevimento del recesso. Possiamo attendere di aver ricevuto i beni, o che tu ci dimostri di averli spediti, se questo avviene prima. Il rimborso arriva sulla carta con cui hai pagato, senza costi per te. Se hai scelto una consegna più costosa di quella standard, la differenza non viene rimborsata.

## Cambi

Non sostituiamo direttamente gli articoli. Rendi l'articolo per il rimborso e fai un nuovo ordine nella taglia o nel colore che preferisci; le scorte sono limitate, quindi ordina appena puoi.

## Eccezioni

Il diritto di recesso non si applica agli articoli confezionati o modificati su tue indicazioni personali, né alla biancheria intima e ai costumi da bagno il cui sigillo igienico è stato rimosso (articolo 59 del Codice del consumo).

## Articoli difettosi: la garanzia legale

Indipendentemente dal diritto di recesso, ogni prodotto è coperto dalla **garanzia legale di conformità** (articoli da 128 a 135 del Codice del consumo): rispondiamo di ogni difetto di conformità che si manifesti entro **26 mesi** dalla consegna. Segnalacelo entro 2 mesi da quando lo scopri e ripareremo o sostituiremo l'articolo oppure, se non è possibile, ti concederemo una riduzione del prezzo o il rimborso.

## Modulo tipo di recesso

> A ${LEGAL_NAME}, ${HQ}, ${BRAND.supportEmail}:
>
> Con la presente notifico il recesso dal mio contratto di vendita dei seguenti beni: ...
>
> Ordinato il / ricevuto il: ...
>
> Numero d'ordine: ...
>
> Nome e indirizzo del consumatore: ...
>
> Data: ...
`,

  'terms-and-conditions': `_Ultimo aggiornamento: ${updated('terms-and-conditions')}_

Queste condizioni regolano la vendita dei prodotti attraverso questo sito. Leggile prima di ordinare: effettuando un ordine le accetti. Nulla di quanto segue limita i diritti che la legge italiana ed europea ti riconosce come consumatore.

## 1. Chi siamo

Il venditore è ${LEGAL_NAME}, ${HQ}, email [${BRAND.email}](mailto:${BRAND.email}).

## 2. Prodotti

Produciamo abbigliamento in piccole serie. Foto e descrizioni sono il più fedeli possibile; i colori possono apparire leggermente diversi sul tuo schermo. La disponibilità è indicata su ogni pagina prodotto e può cambiare in qualsiasi momento. Le tabelle delle taglie sono nelle pagine dei prodotti.

## 3. Prezzi

- I prezzi sono in euro e **comprendono l'IVA italiana al 22%**.
- La consegna costa €20,00 per ordine ed è **gratuita per gli ordini superiori a €150,00**. Il costo della consegna è indicato nel carrello prima del pagamento.
- Vale il prezzo mostrato al momento dell'ordine.

## 4. Ordini e contratto

1. Aggiungi i prodotti al carrello, oppure compri un solo articolo con l'Acquisto rapido.
2. Accedi, crei un account o verifichi la tua email come ospite.
3. Paghi sulla pagina sicura del nostro fornitore di pagamenti con carta.
4. Il contratto è concluso quando ti inviamo la conferma d'ordine via email. Se un articolo risulta non disponibile, ti avvisiamo e te lo rimborsiamo subito.

Conserva l'email di conferma: riassume il tuo ordine e queste condizioni.

## 5. Pagamento

Accettiamo le carte di pagamento proposte nella pagina di pagamento. L'addebito avviene al momento dell'ordine. I dati della carta sono gestiti dal fornitore dei pagamenti; noi non li conserviamo mai.

## 6. Consegna

Spediamo dall'Italia verso i paesi proposti al momento del pagamento. Di solito gli ordini partono entro 2 giorni lavorativi e arrivano in Italia entro 7 giorni lavorativi. I dati di tracciamento compaiono nel tuo storico ordini. Il rischio passa a te quando tu, o una persona da te indicata, entrate in possesso dei beni.

## 7. Diritto di recesso

Puoi recedere entro 14 giorni dalla consegna senza indicarne il motivo. La nostra [Politica di reso](/it/return-policy) spiega come fare, quanto costa e quando ricevi il rimborso.

## 8. Garanzia legale

Ogni prodotto è coperto dalla garanzia legale di conformità per 26 mesi dalla consegna, come descritto nella [Politica di reso](/it/return-policy).

## 9. Card da collezione

Alcuni acquisti sbloccano card digitali da collezione visibili nel tuo account. Non hanno valore economico, non possono essere vendute né convertite in denaro e sono per uso personale.

## 10. Account

Mantieni segreta la tua password e avvisaci se pensi che qualcun altro abbia usato il tuo account. Le sessioni ospite durano circa 10 ore.

## 11. Responsabilità

Rispondiamo secondo la legge dei danni causati dai nostri prodotti o dalla violazione di queste condizioni. Non rispondiamo delle perdite che non potevamo ragionevolmente prevedere, né dei ritardi dovuti a eventi fuori dal nostro controllo. Nulla di quanto scritto qui limita la responsabilità per morte o lesioni personali, per frode o per tutto ciò che la legge non consente di limitare.

## 12. Dati personali

Trattiamo i tuoi dati come descritto nella nostra [Informativa sulla privacy](/it/privacy-policy).

## 13. Reclami e controversie

Scrivi a [${BRAND.supportEmail}](mailto:${BRAND.supportEmail}); rispondiamo entro 2 giorni lavorativi. Puoi anche usare la piattaforma europea per la risoluzione online delle controversie (ec.europa.eu/consumers/odr) o un organismo di risoluzione extragiudiziale.

## 14. Legge applicabile e foro competente

Queste condizioni sono regolate dalla legge italiana. Se sei un consumatore, è competente il giudice del luogo in cui risiedi, e conservi la tutela delle norme inderogabili del tuo paese di residenza.
`,

  'website-use-agreement': `_Ultimo aggiornamento: ${updated('website-use-agreement')}_

Queste condizioni fissano le regole per l'uso del sito di ${BRAND.name}, che tu acquisti o no. Usando il sito le accetti. Gli acquisti sono regolati anche dai nostri [Termini e condizioni](/it/terms-and-conditions).

## 1. Il sito

Il sito è gestito da ${LEGAL_NAME}, ${HQ}. Possiamo modificare, sospendere o ritirare qualsiasi sua parte, e non garantiamo che sia sempre disponibile o privo di errori.

## 2. Uso consentito

Ti impegni a non:

- usare il sito in modi che violino la legge o danneggino altre persone;
- tentare di accedere senza autorizzazione al sito, ai nostri server o agli account di altri clienti;
- inviare richieste automatizzate in massa, estrarre contenuti o aggirare i limiti dei nostri moduli;
- inviare spam, virus o altro codice dannoso;
- fingerti un'altra persona quando ci contatti o acquisti.

Possiamo sospendere gli account che violano queste regole.

## 3. Proprietà intellettuale

Il nome e il logo ${BRAND.name}, i modelli, le foto, le illustrazioni, la grafica delle card da collezione e i testi del sito appartengono a ${LEGAL_NAME} o ai suoi licenzianti e sono protetti dalle leggi sul diritto d'autore e sui marchi. Puoi consultare e condividere le pagine per uso personale e non commerciale. Ogni altro uso richiede il nostro permesso scritto.

## 4. Il tuo account

Sei responsabile di ciò che avviene con il tuo account e di custodire la tua password. Avvisaci subito a [${BRAND.supportEmail}](mailto:${BRAND.supportEmail}) se pensi che sia stato usato in modo improprio.

## 5. Quello che ci invii

Quando ci scrivi, confermi che quanto invii è corretto e non viola i diritti di nessuno. Usiamo i tuoi messaggi solo per risponderti e migliorare il nostro servizio.

## 6. Cookie e archiviazione locale

Il sito usa un cookie di sessione per mantenere l'accesso e ricordare il carrello, un cookie per la lingua scelta e uno di breve durata per il numero di articoli nel carrello, e ricorda che hai accettato l'informativa sui cookie nell'archiviazione locale del browser (o in un cookie se JavaScript è disattivato). Non usiamo cookie pubblicitari. I dettagli sono nella nostra [Informativa sulla privacy](/it/privacy-policy).

## 7. Link ad altri siti

I link ai social network e ad altri siti sono forniti per comodità. Non siamo responsabili dei loro contenuti né di come trattano i tuoi dati.

## 8. Responsabilità

Le informazioni del sito sono fornite in buona fede. Nei limiti consentiti dalla legge, non rispondiamo delle perdite derivanti dal loro uso o dall'indisponibilità del sito. Nulla di quanto scritto qui limita i diritti che hai come consumatore.

## 9. Modifiche

Possiamo aggiornare queste condizioni; la data in cima indica la versione in vigore. Continuando a usare il sito accetti le modifiche.

## 10. Legge applicabile

Queste condizioni sono regolate dalla legge italiana. I consumatori conservano la tutela delle norme inderogabili del loro paese di residenza e possono agire davanti al giudice del luogo in cui vivono.
`,
};
