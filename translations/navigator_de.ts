<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CalibrationWizard</name>
    <message>
        <source>No values from the joystick yet; is it still connected?</source>
        <translation>Noch keine Werte vom Joystick; ist er noch angeschlossen?</translation>
    </message>
    <message>
        <source>Axis %1 moved while centring (%2 % of its range). Let go of every stick and press Next again.</source>
        <translation>Achse %1 hat sich beim Zentrieren bewegt (%2 % ihres Bereichs). Alle Steuerknüppel loslassen und erneut auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>No stick moved. Move every stick to all its limits, then press Next.</source>
        <translation>Kein Steuerknüppel wurde bewegt. Jeden Steuerknüppel bis an alle Anschläge bewegen, dann auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>No unused stick moved far enough yet. %1</source>
        <translation>Noch kein unbelegter Steuerknüppel wurde weit genug bewegt. %1</translation>
    </message>
    <message>
        <source>axis %1: %2</source>
        <translation>Achse %1: %2</translation>
    </message>
    <message>
        <source>The calibration is already finished.</source>
        <translation>Die Kalibrierung ist bereits abgeschlossen.</translation>
    </message>
    <message>
        <source>%1 deadband %2 is outside 0..%3</source>
        <translation>%1: Totzone %2 liegt außerhalb von 0..%3</translation>
    </message>
    <message>
        <source>%1 expo %2 is outside 0..1</source>
        <translation>%1: Expo %2 liegt außerhalb von 0..1</translation>
    </message>
    <message>
        <source>Centre the sticks</source>
        <translation>Steuerknüppel zentrieren</translation>
    </message>
    <message>
        <source>Stick limits</source>
        <translation>Endlagen der Steuerknüppel</translation>
    </message>
    <message>
        <source>Throttle</source>
        <translation>Schub</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>Arm button</source>
        <translation>Taste „Scharf schalten“</translation>
    </message>
    <message>
        <source>Disarm button</source>
        <translation>Taste „Entschärfen“</translation>
    </message>
    <message>
        <source>ACRO mode button</source>
        <translation>Taste für ACRO-Modus</translation>
    </message>
    <message>
        <source>ANGLE mode button</source>
        <translation>Taste für ANGLE-Modus</translation>
    </message>
    <message>
        <source>ALT_HOLD mode button</source>
        <translation>Taste für ALT_HOLD-Modus</translation>
    </message>
    <message>
        <source>Deadband and expo</source>
        <translation>Totzone und Expo</translation>
    </message>
    <message>
        <source>Calibration complete</source>
        <translation>Kalibrierung abgeschlossen</translation>
    </message>
    <message>
        <source>Now: button %1. Next keeps it.</source>
        <translation>Aktuell: Taste %1. „Weiter“ behält sie bei.</translation>
    </message>
    <message>
        <source>Now: no button. Next keeps none.</source>
        <translation>Aktuell: keine Taste. „Weiter“ belässt es ohne Taste.</translation>
    </message>
    <message>
        <source>Let go of every stick (the throttle at its lowest if it is not sprung), then press Next.</source>
        <translation>Alle Steuerknüppel loslassen (den Schubknüppel ganz unten, falls er nicht selbst zurückfedert), dann auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Move every stick slowly to all its limits, round and round, then press Next.</source>
        <translation>Jeden Steuerknüppel langsam bis an alle Anschläge bewegen, immer im Kreis herum, dann auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Move the THROTTLE stick fully up, hold it there and press Next.</source>
        <translation>Den SCHUB-Knüppel ganz nach oben bewegen, dort halten und auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Move the ROLL stick fully right, hold it there and press Next.</source>
        <translation>Den ROLL-Knüppel ganz nach rechts bewegen, dort halten und auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Push the PITCH stick fully forward (away from you, nose down), hold it there and press Next.</source>
        <translation>Den NICK-Knüppel ganz nach vorn drücken (von Ihnen weg, Nase nach unten), dort halten und auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Move the YAW stick fully right (clockwise), hold it there and press Next.</source>
        <translation>Den GIER-Knüppel ganz nach rechts bewegen (im Uhrzeigersinn), dort halten und auf „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Press the button that should ARM the vehicle. %1</source>
        <translation>Die Taste drücken, die das Fahrzeug SCHARF SCHALTEN soll. %1</translation>
    </message>
    <message>
        <source>Press the button that should DISARM the vehicle. %1</source>
        <translation>Die Taste drücken, die das Fahrzeug ENTSCHÄRFEN soll. %1</translation>
    </message>
    <message>
        <source>Press the button for ACRO mode. %1</source>
        <translation>Die Taste für den ACRO-Modus drücken. %1</translation>
    </message>
    <message>
        <source>Press the button for ANGLE mode. %1</source>
        <translation>Die Taste für den ANGLE-Modus drücken. %1</translation>
    </message>
    <message>
        <source>Press the button for ALT_HOLD mode. %1</source>
        <translation>Die Taste für den ALT_HOLD-Modus drücken. %1</translation>
    </message>
    <message>
        <source>The calibration is saved for this joystick.</source>
        <translation>Die Kalibrierung ist für diesen Joystick gespeichert.</translation>
    </message>
    <message>
        <source>Set the deadband and expo of each stick, then press Finish to save the calibration.</source>
        <translation>Totzone und Expo jedes Steuerknüppels einstellen, dann auf „Fertigstellen“ drücken, um die Kalibrierung zu speichern.</translation>
    </message>
</context>
<context>
    <name>FirmwareStarvation</name>
    <message>
        <source>The firmware&apos;s loop was held back. Lighten the machine&apos;s load, or let the firmware run in real time: the log says whether the system allows it (navigator --rt-priority).</source>
        <translation>Die Regelschleife der Firmware wurde aufgehalten. Entlasten Sie den Rechner oder lassen Sie die Firmware in Echtzeit laufen: Das Protokoll sagt, ob das System es erlaubt (navigator --rt-priority).</translation>
    </message>
</context>
<context>
    <name>LogFolder</name>
    <message>
        <source>Cannot create the flight-log folder %1: flights will not be recorded.</source>
        <translation>Der Ordner für Fluglogs %1 kann nicht angelegt werden: Flüge werden nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>Cannot tell how much room the flight-log folder %1 has.</source>
        <translation>Wie viel Platz der Ordner für Fluglogs %1 hat, lässt sich nicht feststellen.</translation>
    </message>
    <message>
        <source>Only %1 free on %2 for flight logs; a flight of an hour takes about %3.</source>
        <translation>Nur %1 frei auf %2 für Fluglogs; ein Flug von einer Stunde braucht etwa %3.</translation>
    </message>
</context>
<context>
    <name>ParamMetadata</name>
    <message>
        <source>%1: cannot read the parameter metadata: %2</source>
        <translation>%1: die Parameter-Metadaten sind nicht lesbar: %2</translation>
    </message>
    <message>
        <source>%1: not a parameter metadata list (%2 at byte %3)</source>
        <translation>%1: keine Liste von Parameter-Metadaten (%2 bei Byte %3)</translation>
    </message>
    <message>
        <source>%1: entry %2 has no name or no valid range; the metadata is not used</source>
        <translation>%1: Eintrag %2 hat keinen Namen oder keinen gültigen Bereich; die Metadaten werden nicht verwendet</translation>
    </message>
    <message>
        <source>its range is not two numbers, low to high</source>
        <translation>sein Bereich sind nicht zwei Zahlen, von klein nach groß</translation>
    </message>
    <message>
        <source>its default is not a number</source>
        <translation>sein Standardwert ist keine Zahl</translation>
    </message>
    <message>
        <source>an enumeration value is not a number</source>
        <translation>ein Aufzählungswert ist keine Zahl</translation>
    </message>
    <message>
        <source>a bitmask index is not a bit 0…63</source>
        <translation>ein Bitmasken-Index ist kein Bit 0…63</translation>
    </message>
    <message>
        <source>Range &quot;%1&quot; is not &quot;low high&quot;</source>
        <translation>Range „%1“ ist nicht „klein groß“</translation>
    </message>
    <message>
        <source>Bitmask &quot;%1&quot; is not &quot;bit:name,…&quot;</source>
        <translation>Bitmask „%1“ ist nicht „Bit:Name,…“</translation>
    </message>
    <message>
        <source>Values &quot;%1&quot; is not &quot;value:name,…&quot;</source>
        <translation>Values „%1“ ist nicht „Wert:Name,…“</translation>
    </message>
    <message>
        <source>a value code is not a number</source>
        <translation>ein Wertcode ist keine Zahl</translation>
    </message>
    <message>
        <source>%1, line %2: parameter &quot;%3&quot;: %4; the metadata is not used</source>
        <translation>%1, Zeile %2: Parameter „%3“: %4; die Metadaten werden nicht verwendet</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>kein Name</translation>
    </message>
    <message>
        <source>%1, line %2: not readable XML (%3); the metadata is not used</source>
        <translation>%1, Zeile %2: kein lesbares XML (%3); die Metadaten werden nicht verwendet</translation>
    </message>
    <message>
        <source>Range is not low ≤ high</source>
        <translation>Range ist nicht klein ≤ groß</translation>
    </message>
    <message>
        <source>a Values key is not a number</source>
        <translation>ein Values-Schlüssel ist keine Zahl</translation>
    </message>
    <message>
        <source>a Bitmask key is not a bit number</source>
        <translation>ein Bitmask-Schlüssel ist keine Bitnummer</translation>
    </message>
    <message>
        <source>%1: not ArduPilot parameter definitions (%2 at byte %3); the metadata is not used</source>
        <translation>%1: keine ArduPilot-Parameterdefinitionen (%2 bei Byte %3); die Metadaten werden nicht verwendet</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>%1: parameter &quot;%2&quot;: %3; the metadata is not used</source>
        <translation>%1: Parameter „%2“: %3; die Metadaten werden nicht verwendet</translation>
    </message>
    <message>
        <source>%1: not parameter metadata (%2 at byte %3); the values are shown without it</source>
        <translation>%1: keine Parameter-Metadaten (%2 bei Byte %3); die Werte werden ohne sie gezeigt</translation>
    </message>
    <message>
        <source>no &quot;parameters&quot; list</source>
        <translation>keine „parameters“-Liste</translation>
    </message>
    <message>
        <source>it has no name</source>
        <translation>er hat keinen Namen</translation>
    </message>
    <message>
        <source>%1: parameter %2 (%3): %4; the values are shown without metadata</source>
        <translation>%1: Parameter %2 (%3): %4; die Werte werden ohne Metadaten gezeigt</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>ohne Namen</translation>
    </message>
    <message>
        <source>%1: cannot read the parameter definitions: %2</source>
        <translation>%1: die Parameterdefinitionen lassen sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>%1: neither XML (apm.pdef.xml) nor JSON (apm.pdef.json); the metadata is not used</source>
        <translation>%1: weder XML (apm.pdef.xml) noch JSON (apm.pdef.json); die Metadaten werden nicht verwendet</translation>
    </message>
    <message>
        <source>the xz decoder could not start</source>
        <translation>der xz-Decoder konnte nicht starten</translation>
    </message>
    <message>
        <source>not xz data</source>
        <translation>keine xz-Daten</translation>
    </message>
    <message>
        <source>xz data corrupt</source>
        <translation>xz-Daten beschädigt</translation>
    </message>
    <message>
        <source>xz data cut short</source>
        <translation>xz-Daten vorzeitig zu Ende</translation>
    </message>
    <message>
        <source>xz decoding failed (liblzma error %1)</source>
        <translation>xz-Dekodierung fehlgeschlagen (liblzma-Fehler %1)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>The signing key store %1 %2; no key is taken from it and nothing is written over it.</source>
        <translation>Der Signaturschlüsselspeicher %1 %2; kein Schlüssel wird daraus genommen und nichts darüber geschrieben.</translation>
    </message>
    <message>
        <source>is damaged: %1 at byte %2</source>
        <translation>ist beschädigt: %1 bei Byte %2</translation>
    </message>
    <message>
        <source>is not a signing key store (format &quot;%1&quot; expected)</source>
        <translation>ist kein Signaturschlüsselspeicher (Format &quot;%1&quot; erwartet)</translation>
    </message>
    <message>
        <source>is damaged: &quot;%1&quot; is not a system id (1..255)</source>
        <translation>ist beschädigt: &quot;%1&quot; ist keine System-ID (1..255)</translation>
    </message>
    <message>
        <source>is damaged: the key of system %1 is not 64 hex digits</source>
        <translation>ist beschädigt: der Schlüssel von System %1 sind nicht 64 Hex-Ziffern</translation>
    </message>
    <message>
        <source>is damaged: the timestamp of system %1 is not a 48-bit count</source>
        <translation>ist beschädigt: der Zeitstempel von System %1 ist keine 48-Bit-Zahl</translation>
    </message>
    <message>
        <source>Cannot create the folder of the signing key store %1.</source>
        <translation>Der Ordner des Signaturschlüsselspeichers %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Cannot write the signing key store %1: %2</source>
        <translation>Der Signaturschlüsselspeicher %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot make the signing key store %1 private to you.</source>
        <translation>Der Signaturschlüsselspeicher %1 kann nicht auf Sie allein beschränkt werden.</translation>
    </message>
    <message>
        <source>the desktop keyring (service %1)</source>
        <translation>dem Schlüsselbund des Desktops (Dienst %1)</translation>
    </message>
    <message>
        <source>The signing key store %1 may be read by other users (make it readable by you only: chmod 600); no key is taken from it and nothing is written over it.</source>
        <translation>Der Signaturschlüsselspeicher %1 ist für andere Benutzer lesbar (nur für Sie lesbar machen: chmod 600); kein Schlüssel wird daraus genommen und nichts darüber geschrieben.</translation>
    </message>
    <message>
        <source>The signing key store %1 cannot be read (%2); no key is taken from it and nothing is written over it.</source>
        <translation>Der Signaturschlüsselspeicher %1 kann nicht gelesen werden (%2); kein Schlüssel wird daraus genommen und nichts darüber geschrieben.</translation>
    </message>
    <message>
        <source>Cannot write the signing keys to %1: %2</source>
        <translation>Die Signaturschlüssel können nicht in %1 geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>S:</name>
    <message>
        <source></source>
        <comment>the folder of the user guide&apos;s pages in this language, beside the English</comment>
        <translation></translation>
    </message>
</context>
<context>
    <name>SetupTables</name>
    <message>
        <source>%1 (not one of the choices here)</source>
        <translation>%1 (keine der Auswahlmöglichkeiten hier)</translation>
    </message>
    <message>
        <source>Cells in series</source>
        <translation>Zellen in Reihe</translation>
    </message>
    <message>
        <source>Capacity (-1: unknown)</source>
        <translation>Kapazität (-1: unbekannt)</translation>
    </message>
    <message>
        <source>Full cell voltage</source>
        <translation>Zellenspannung voll</translation>
    </message>
    <message>
        <source>Empty cell voltage</source>
        <translation>Zellenspannung leer</translation>
    </message>
    <message>
        <source>Voltage divider</source>
        <translation>Spannungsteiler</translation>
    </message>
    <message>
        <source>Amps per volt</source>
        <translation>Ampere pro Volt</translation>
    </message>
    <message>
        <source>Low at remaining</source>
        <translation>Schwach bei Restladung</translation>
    </message>
    <message>
        <source>Critical at remaining</source>
        <translation>Kritisch bei Restladung</translation>
    </message>
    <message>
        <source>Emergency at remaining</source>
        <translation>Notfall bei Restladung</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Land</source>
        <translation>Landen</translation>
    </message>
    <message>
        <source>Return (RTL)</source>
        <translation>Rückkehr (RTL)</translation>
    </message>
    <message>
        <source>SmartRTL, else RTL</source>
        <translation>SmartRTL, sonst RTL</translation>
    </message>
    <message>
        <source>SmartRTL, else Land</source>
        <translation>SmartRTL, sonst Landen</translation>
    </message>
    <message>
        <source>Terminate</source>
        <translation>Flugabbruch (Terminate)</translation>
    </message>
    <message>
        <source>Battery monitor</source>
        <translation>Akkuüberwachung</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Deaktiviert</translation>
    </message>
    <message>
        <source>Analog voltage only</source>
        <translation>Nur analoge Spannung</translation>
    </message>
    <message>
        <source>Analog voltage and current</source>
        <translation>Analoge Spannung und Strom</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Voltage multiplier</source>
        <translation>Spannungsmultiplikator</translation>
    </message>
    <message>
        <source>Low voltage</source>
        <translation>Niedrige Spannung</translation>
    </message>
    <message>
        <source>Critical voltage</source>
        <translation>Kritische Spannung</translation>
    </message>
    <message>
        <source>On low battery</source>
        <translation>Bei schwachem Akku</translation>
    </message>
    <message>
        <source>On critical battery</source>
        <translation>Bei kritischem Akku</translation>
    </message>
    <message>
        <source>Cells in series (0: estimated)</source>
        <translation>Zellen in Reihe (0: geschätzt)</translation>
    </message>
    <message>
        <source>Capacity (0: unknown)</source>
        <translation>Kapazität (0: unbekannt)</translation>
    </message>
    <message>
        <source>Low cell voltage</source>
        <translation>Zellenspannung schwach</translation>
    </message>
    <message>
        <source>Critical cell voltage</source>
        <translation>Zellenspannung kritisch</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>Halten</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Rückkehr</translation>
    </message>
    <message>
        <source>Disarm</source>
        <translation>Entschärfen</translation>
    </message>
    <message>
        <source>Radio lost</source>
        <translation>Fernsteuerung verloren</translation>
    </message>
    <message>
        <source>Radio lost after</source>
        <translation>Fernsteuerung verloren nach</translation>
    </message>
    <message>
        <source>Ground station link lost</source>
        <translation>Verbindung zur Bodenstation verloren</translation>
    </message>
    <message>
        <source>Link lost after</source>
        <translation>Verbindung verloren nach</translation>
    </message>
    <message>
        <source>Low battery</source>
        <translation>Akku schwach</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Return at critical, land at emergency</source>
        <translation>Rückkehr bei kritisch, Landen bei Notfall</translation>
    </message>
    <message>
        <source>Radio (throttle) lost</source>
        <translation>Fernsteuerung (Gas) verloren</translation>
    </message>
    <message>
        <source>Radio lost below throttle</source>
        <translation>Fernsteuerung verloren bei Gas unter</translation>
    </message>
    <message>
        <source>Pilot input lost after</source>
        <translation>Piloteneingaben verloren nach</translation>
    </message>
    <message>
        <source>Failsafe descent rate</source>
        <translation>Sinkrate im Failsafe</translation>
    </message>
    <message>
        <source>Critical battery</source>
        <translation>Akku kritisch</translation>
    </message>
    <message>
        <source>Failsafe: level, descend, land</source>
        <translation>Failsafe: waagerecht ausrichten, sinken, landen</translation>
    </message>
    <message>
        <source>Roll stick on channel</source>
        <translation>Rollknüppel auf Kanal</translation>
    </message>
    <message>
        <source>Pitch stick on channel</source>
        <translation>Nickknüppel auf Kanal</translation>
    </message>
    <message>
        <source>Throttle stick on channel</source>
        <translation>Gasknüppel auf Kanal</translation>
    </message>
    <message>
        <source>Yaw stick on channel</source>
        <translation>Gierknüppel auf Kanal</translation>
    </message>
    <message>
        <source>Channel 1</source>
        <translation>Kanal 1</translation>
    </message>
    <message>
        <source>Channel 2</source>
        <translation>Kanal 2</translation>
    </message>
    <message>
        <source>Channel 3</source>
        <translation>Kanal 3</translation>
    </message>
    <message>
        <source>Channel 4</source>
        <translation>Kanal 4</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Umgekehrt</translation>
    </message>
    <message>
        <source>Pilot input</source>
        <translation>Piloteneingaben</translation>
    </message>
    <message>
        <source>Ground station only</source>
        <translation>Nur Bodenstation</translation>
    </message>
    <message>
        <source>Receiver only</source>
        <translation>Nur Empfänger</translation>
    </message>
    <message>
        <source>Receiver, else ground station</source>
        <translation>Empfänger, sonst Bodenstation</translation>
    </message>
    <message>
        <source>Flight-mode switch on channel (0: none)</source>
        <translation>Flugmodus-Schalter auf Kanal (0: keiner)</translation>
    </message>
    <message>
        <source>Switch position 1 (lowest)</source>
        <translation>Schalterstellung 1 (unterste)</translation>
    </message>
    <message>
        <source>Switch position 2</source>
        <translation>Schalterstellung 2</translation>
    </message>
    <message>
        <source>Switch position 3</source>
        <translation>Schalterstellung 3</translation>
    </message>
    <message>
        <source>Switch position 4</source>
        <translation>Schalterstellung 4</translation>
    </message>
    <message>
        <source>Switch position 5</source>
        <translation>Schalterstellung 5</translation>
    </message>
    <message>
        <source>Switch position 6 (highest)</source>
        <translation>Schalterstellung 6 (oberste)</translation>
    </message>
    <message>
        <source>Unassigned</source>
        <translation>Nicht belegt</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>Manual</translation>
    </message>
    <message>
        <source>Altitude</source>
        <translation>Altitude</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>Mission</source>
        <translation>Mission</translation>
    </message>
    <message>
        <source>Acro</source>
        <translation>Acro</translation>
    </message>
    <message>
        <source>Offboard</source>
        <translation>Offboard</translation>
    </message>
    <message>
        <source>Stabilized</source>
        <translation>Stabilized</translation>
    </message>
    <message>
        <source>Position Slow</source>
        <translation>Position Slow</translation>
    </message>
    <message>
        <source>Takeoff</source>
        <translation>Takeoff</translation>
    </message>
    <message>
        <source>Follow Me</source>
        <translation>Follow Me</translation>
    </message>
    <message>
        <source>Precision Land</source>
        <translation>Precision Land</translation>
    </message>
    <message>
        <source>Stabilize</source>
        <translation>Stabilize</translation>
    </message>
    <message>
        <source>AltHold</source>
        <translation>AltHold</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <source>Guided</source>
        <translation>Guided</translation>
    </message>
    <message>
        <source>Loiter</source>
        <translation>Loiter</translation>
    </message>
    <message>
        <source>RTL</source>
        <translation>RTL</translation>
    </message>
    <message>
        <source>Circle</source>
        <translation>Circle</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>Drift</translation>
    </message>
    <message>
        <source>Sport</source>
        <translation>Sport</translation>
    </message>
    <message>
        <source>Flip</source>
        <translation>Flip</translation>
    </message>
    <message>
        <source>AutoTune</source>
        <translation>AutoTune</translation>
    </message>
    <message>
        <source>PosHold</source>
        <translation>PosHold</translation>
    </message>
    <message>
        <source>Brake</source>
        <translation>Brake</translation>
    </message>
    <message>
        <source>Throw</source>
        <translation>Throw</translation>
    </message>
    <message>
        <source>Avoid_ADSB</source>
        <translation>Avoid_ADSB</translation>
    </message>
    <message>
        <source>Guided_NoGPS</source>
        <translation>Guided_NoGPS</translation>
    </message>
    <message>
        <source>Smart_RTL</source>
        <translation>Smart_RTL</translation>
    </message>
    <message>
        <source>FlowHold</source>
        <translation>FlowHold</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Follow</translation>
    </message>
    <message>
        <source>ZigZag</source>
        <translation>ZigZag</translation>
    </message>
    <message>
        <source>SystemID</source>
        <translation>SystemID</translation>
    </message>
    <message>
        <source>Heli_Autorotate</source>
        <translation>Heli_Autorotate</translation>
    </message>
    <message>
        <source>Auto RTL</source>
        <translation>Auto RTL</translation>
    </message>
    <message>
        <source>Turtle</source>
        <translation>Turtle</translation>
    </message>
    <message>
        <source>Mode at start</source>
        <translation>Modus beim Start</translation>
    </message>
    <message>
        <source>ACRO</source>
        <translation>ACRO</translation>
    </message>
    <message>
        <source>ANGLE</source>
        <translation>ANGLE</translation>
    </message>
    <message>
        <source>ALT_HOLD</source>
        <translation>ALT_HOLD</translation>
    </message>
    <message>
        <source>POSITION</source>
        <translation>POSITION</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Navigator: ground station with an embedded multirotor simulator.</source>
        <translation>Navigator: Bodenstation mit eingebautem Multikopter-Simulator.</translation>
    </message>
    <message>
        <source>Open FILE in the Inertia Inspector.</source>
        <translation>DATEI im Trägheits-Inspektor öffnen.</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>Unexpected argument &apos;%1&apos;; did you mean --open %1?</source>
        <translation>Unerwartetes Argument „%1“; war --open %1 gemeint?</translation>
    </message>
    <message>
        <source>Do not start the simulator and the SITL firmware.</source>
        <translation>Den Simulator und die SITL-Firmware nicht starten.</translation>
    </message>
    <message>
        <source>Listen for the firmware&apos;s MAVLink on UDP PORT (default 14550).</source>
        <translation>Auf UDP-PORT auf das MAVLink der Firmware lauschen (Standard 14550).</translation>
    </message>
    <message>
        <source>PORT</source>
        <translation>PORT</translation>
    </message>
    <message>
        <source>The simulator&apos;s random seed (default 0).</source>
        <translation>Startwert des Zufallsgenerators im Simulator (Standard 0).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Run the simulator&apos;s thread under SCHED_FIFO at priority N when the system allows it (default 20; 0: never).</source>
        <translation>Den Simulator-Thread unter SCHED_FIFO mit Priorität N ausführen, sofern das System es erlaubt (Standard 20; 0: nie).</translation>
    </message>
    <message>
        <source>--gcs-port must be a whole number from 1 to 65535, got &apos;%1&apos;</source>
        <translation>--gcs-port muss eine ganze Zahl von 1 bis 65535 sein, angegeben war „%1“</translation>
    </message>
    <message>
        <source>--seed must be a whole number ≥ 0, got &apos;%1&apos;</source>
        <translation>--seed muss eine ganze Zahl ≥ 0 sein, angegeben war „%1“</translation>
    </message>
    <message>
        <source>--rt-priority must be a whole number from 0 to 99, got &apos;%1&apos;</source>
        <translation>--rt-priority muss eine ganze Zahl von 0 bis 99 sein, angegeben war „%1“</translation>
    </message>
    <message>
        <source>Fly in the world in FILE, or &apos;none&apos; for empty space (default: flat ground).</source>
        <translation>In der Welt aus DATEI fliegen, oder &apos;none&apos; für leeren Raum (Standard: ebener Boden).</translation>
    </message>
    <message>
        <source>Fly with the simulator (vsim_d) serving DIR — scripts/sitl.sh&apos;s is /tmp/navigator-sitl — and its firmware on --gcs-port, instead of starting them; give the same --airframe and --world it flies.</source>
        <translation>Mit dem Simulator (vsim_d) fliegen, der VERZ bedient — bei scripts/sitl.sh ist das /tmp/navigator-sitl — und mit seiner Firmware auf --gcs-port, statt beide zu starten; dieselben --airframe und --world angeben, mit denen er fliegt.</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>VERZ</translation>
    </message>
    <message>
        <source>--attach and --no-sim cannot go together</source>
        <translation>--attach und --no-sim schließen einander aus</translation>
    </message>
    <message>
        <source>Replay the flight log FILE (ULog, Navigator&apos;s or PX4&apos;s) on the Logs page.</source>
        <translation>Das Flug-Log DATEI (ULog, von Navigator oder PX4) auf der Seite „Logs“ abspielen.</translation>
    </message>
    <message>
        <source>Who flies the simulated vehicles: vayu (this project&apos;s firmware, default), px4 (PX4 instance i connects to TCP 4560+i) or ardupilot (JSON on UDP 9002+10*i).</source>
        <translation>Wer die simulierten Fahrzeuge fliegt: vayu (die Firmware dieses Projekts, Vorgabe), px4 (PX4-Instanz i verbindet sich mit TCP 4560+i) oder ardupilot (JSON über UDP 9002+10*i).</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>With --autopilot px4 or ardupilot: this many vehicles, 2 m apart (default 1).</source>
        <translation>Mit --autopilot px4 oder ardupilot: so viele Fahrzeuge, 2 m voneinander entfernt (Vorgabe 1).</translation>
    </message>
    <message>
        <source>--autopilot must be vayu, px4 or ardupilot, got &apos;%1&apos;</source>
        <translation>--autopilot muss vayu, px4 oder ardupilot sein, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--vehicles must be a whole number from 1 to 64, got &apos;%1&apos;</source>
        <translation>--vehicles muss eine ganze Zahl von 1 bis 64 sein, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--autopilot %1 starts its own world: not with --attach or --no-sim</source>
        <translation>--autopilot %1 startet eine eigene Welt: nicht zusammen mit --attach oder --no-sim</translation>
    </message>
    <message>
        <source>With --autopilot px4 or ardupilot: the IPv4 address the simulator&apos;s ports listen on (default 127.0.0.1, this machine only; 0.0.0.0 opens them to every network, for an autopilot in a container or on another machine).</source>
        <translation>Mit --autopilot px4 oder ardupilot: die IPv4-Adresse, auf der die Ports des Simulators lauschen (Standard 127.0.0.1, nur dieser Rechner; 0.0.0.0 öffnet sie für jedes Netz, für einen Autopiloten in einem Container oder auf einem anderen Rechner).</translation>
    </message>
    <message>
        <source>ADDRESS</source>
        <translation>ADRESSE</translation>
    </message>
    <message>
        <source>--listen is for the ports of --autopilot px4 or ardupilot; this station&apos;s own firmware talks to it on this machine</source>
        <translation>--listen gilt für die Ports von --autopilot px4 oder ardupilot; die eigene Firmware dieser Station spricht mit ihr auf diesem Rechner</translation>
    </message>
    <message>
        <source>--airframe: &apos;%1&apos; is no file, and no shipped airframes are installed beside the program</source>
        <translation>--airframe: „%1“ ist keine Datei, und neben dem Programm sind keine mitgelieferten Fluggeräte installiert</translation>
    </message>
    <message>
        <source>--airframe: &apos;%1&apos; is neither a file nor a shipped airframe; the shipped ones: %2</source>
        <translation>--airframe: „%1“ ist weder eine Datei noch ein mitgeliefertes Fluggerät; mitgeliefert sind: %2</translation>
    </message>
    <message>
        <source>Fly the airframe in FILE, or the shipped airframe NAME (s500, hex_550, lander_004, …); default: the one chosen last in File → Choose Airframe…, else the S500.</source>
        <translation>Das Fluggerät in DATEI fliegen oder das mitgelieferte Fluggerät NAME (s500, hex_550, lander_004, …); vorgegeben: das zuletzt unter Datei → Fluggerät wählen… gewählte, sonst die S500.</translation>
    </message>
    <message>
        <source>FILE|NAME</source>
        <translation>DATEI|NAME</translation>
    </message>
    <message>
        <source>One more option for the SITL firmware, repeatable: --sitl-arg=--sensors --sitl-arg=chips --sitl-arg=--chip-fault --sitl-arg=bmx160:stuck@5 (see vayu_sitl --help).</source>
        <translation>Eine weitere Option für die SITL-Firmware, wiederholbar: --sitl-arg=--sensors --sitl-arg=chips --sitl-arg=--chip-fault --sitl-arg=bmx160:stuck@5 (siehe vayu_sitl --help).</translation>
    </message>
    <message>
        <source>ARG</source>
        <translation>ARG</translation>
    </message>
    <message>
        <source>Fit the SITL firmware with a CRSF radio receiver (vayu_sitl --sensors chips --chip-fault crsf:none) and fly it from the pilot input as a radio transmitter: the firmware decodes the sticks with its own receiver driver. With --attach: that firmware was started so.</source>
        <translation>Die SITL-Firmware mit einem CRSF-Funkempfänger ausstatten (vayu_sitl --sensors chips --chip-fault crsf:none) und ihn mit der Piloteneingabe als Fernsteuersender fliegen: Die Firmware dekodiert die Knüppel mit ihrem eigenen Empfängertreiber. Mit --attach: Jene Firmware wurde so gestartet.</translation>
    </message>
</context>
<context>
    <name>navigator</name>
    <message>
        <source>%1: not valid JSON at byte %2: %3</source>
        <translation>%1: kein gültiges JSON bei Byte %2: %3</translation>
    </message>
    <message>
        <source>%1: expected an object with a &quot;devices&quot; list</source>
        <translation>%1: erwartet wird ein Objekt mit einer Liste &quot;devices&quot;</translation>
    </message>
    <message>
        <source>%1: device entry %2</source>
        <translation>%1: Geräteeintrag %2</translation>
    </message>
    <message>
        <source>%1 is not an object</source>
        <translation>%1 ist kein Objekt</translation>
    </message>
    <message>
        <source>%1 (%2): &quot;vid&quot; and &quot;pid&quot; must be four hex digits, as &quot;0483&quot;</source>
        <translation>%1 (%2): &quot;vid&quot; und &quot;pid&quot; müssen vier Hexadezimalziffern sein, etwa &quot;0483&quot;</translation>
    </message>
    <message>
        <source>%1 (%2): &quot;kind&quot; must be flight_controller, adapter or dfu</source>
        <translation>%1 (%2): &quot;kind&quot; muss flight_controller, adapter oder dfu sein</translation>
    </message>
    <message>
        <source>%1 (%2): &quot;label&quot; is missing or empty</source>
        <translation>%1 (%2): &quot;label&quot; fehlt oder ist leer</translation>
    </message>
    <message>
        <source>%1 (%2): this USB id is listed twice</source>
        <translation>%1 (%2): diese USB-ID ist doppelt aufgeführt</translation>
    </message>
    <message>
        <source>%1: cannot read the USB device table: %2</source>
        <translation>%1: die USB-Gerätetabelle kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Unknown USB serial device %1:%2</source>
        <translation>Unbekanntes serielles USB-Gerät %1:%2</translation>
    </message>
    <message>
        <source>Serial port</source>
        <translation>Serielle Schnittstelle</translation>
    </message>
</context>
<context>
    <name>navigator::AirframeChooser</name>
    <message>
        <source>Choose Airframe</source>
        <translation>Fluggerät wählen</translation>
    </message>
    <message>
        <source>The airframe the simulator and the SITL firmware fly. Another one starts the simulation again, on the ground, disarmed; the choice is kept for the next start.</source>
        <translation>Das Fluggerät, das Simulator und SITL-Firmware fliegen. Ein anderes startet die Simulation neu, am Boden, entschärft; die Wahl gilt auch beim nächsten Start.</translation>
    </message>
    <message>
        <source>Open Airframe File…</source>
        <translation>Fluggerätedatei öffnen…</translation>
    </message>
    <message>
        <source>No shipped airframes in %1; open an airframe file instead.</source>
        <translation>Keine mitgelieferten Fluggeräte in %1; öffnen Sie stattdessen eine Fluggerätedatei.</translation>
    </message>
    <message>
        <source>%1
does not load</source>
        <translation>%1
lässt sich nicht laden</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>Nicht gewechselt: %1</translation>
    </message>
    <message>
        <source>Open Airframe File</source>
        <translation>Fluggerätedatei öffnen</translation>
    </message>
    <message>
        <source>Airframe files (*.yaml *.yml *.json);;All files (*)</source>
        <translation>Fluggerätedateien (*.yaml *.yml *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1
%2 kg, %3 rotors</source>
        <translation>%1
%2 kg, %3 Rotoren</translation>
    </message>
</context>
<context>
    <name>navigator::AutopilotConnection</name>
    <message>
        <source>Start ArduPilot instance i with -I i --sysid 1+i --serial0 udpclient:127.0.0.1:14550: the station hears them all on UDP 14550.</source>
        <translation>ArduPilot-Instanz i mit -I i --sysid 1+i --serial0 udpclient:127.0.0.1:14550 starten: die Station hört sie alle auf UDP 14550.</translation>
    </message>
    <message>
        <source>Connecting to autopilots on %1…</source>
        <translation>Verbinde mit Autopiloten auf %1 …</translation>
    </message>
    <message>
        <source>This station&apos;s own SITL link listens there: start Navigator with --no-sim, or its simulation with another --gcs-port.</source>
        <translation>Dort lauscht die eigene SITL-Verbindung dieser Bodenstation: Navigator mit --no-sim starten oder seine Simulation mit einem anderen --gcs-port.</translation>
    </message>
</context>
<context>
    <name>navigator::AutopilotLink</name>
    <message>
        <source>&quot;%1&quot;: a TCP connection needs a host, as in tcp:127.0.0.1:5760</source>
        <translation>„%1“: Eine TCP-Verbindung braucht einen Host, etwa tcp:127.0.0.1:5760</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: UDP listens on a port of this computer; write udp:%2</source>
        <translation>„%1“: UDP lauscht auf einem Port dieses Rechners; udp:%2 schreiben</translation>
    </message>
    <message>
        <source>(Is the autopilot running? ArduPilot&apos;s SITL serves SERIAL0 on TCP 5760, 5770, … for instances 0, 1, …)</source>
        <translation>(Läuft der Autopilot? ArduPilots SITL bietet SERIAL0 auf TCP 5760, 5770, … für die Instanzen 0, 1, … an)</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>Getrennt</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: %2 is no baud rate (1 to %3; leave it out to have it detected)</source>
        <translation>„%1“: %2 ist keine Baudrate (1 bis %3; weglassen, damit sie erkannt wird)</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: a serial link needs a device, as in serial:/dev/ttyACM0 or serial:/dev/ttyUSB0:57600</source>
        <translation>„%1“: Eine serielle Verbindung braucht ein Gerät, etwa serial:/dev/ttyACM0 oder serial:/dev/ttyUSB0:57600</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no address: write udp:PORT to listen (PX4: udp:14550), tcp:HOST:PORT to connect (ArduPilot SITL: tcp:127.0.0.1:5760) or serial:DEVICE[:BAUD] for a serial port (serial:/dev/ttyACM0)</source>
        <translation>„%1“ ist keine Adresse: udp:PORT zum Lauschen (PX4: udp:14550), tcp:HOST:PORT zum Verbinden (ArduPilot-SITL: tcp:127.0.0.1:5760) oder serial:DEVICE[:BAUD] für eine serielle Schnittstelle (serial:/dev/ttyACM0) schreiben</translation>
    </message>
    <message numerus="yes">
        <source>The vehicles, their parameters and modes are kept meanwhile (%n vehicle(s)).</source>
        <translation>
            <numerusform>Das Fahrzeug, seine Parameter und Flugmodi bleiben bis dahin erhalten (%n Fahrzeug).</numerusform>
            <numerusform>Die Fahrzeuge, ihre Parameter und Flugmodi bleiben bis dahin erhalten (%n Fahrzeuge).</numerusform>
        </translation>
    </message>
    <message>
        <source>Vehicle %1 parameters: %2</source>
        <translation>Fahrzeug %1, Parameter: %2</translation>
    </message>
    <message>
        <source>Vehicle %1: %2</source>
        <translation>Fahrzeug %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Vehicle %1 did not answer the AUTOPILOT_VERSION request (%n tries): parameters %2</source>
        <translation>
            <numerusform>Fahrzeug %1 hat auf die Anforderung AUTOPILOT_VERSION nicht geantwortet (%n Versuch): Parameter %2</numerusform>
            <numerusform>Fahrzeug %1 hat auf die Anforderung AUTOPILOT_VERSION nicht geantwortet (%n Versuche): Parameter %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>navigator::AutopilotWorldWorker</name>
    <message>
        <source>The simulation is already running.</source>
        <translation>Die Simulation läuft bereits.</translation>
    </message>
</context>
<context>
    <name>navigator::BenchCheck</name>
    <message>
        <source>Let go; reading the parameters back</source>
        <translation>Losgelassen; die Parameter werden zurückgelesen</translation>
    </message>
</context>
<context>
    <name>navigator::BenchHand</name>
    <message>
        <source>Held still and level</source>
        <translation>Still und waagerecht gehalten</translation>
    </message>
    <message>
        <source>Turning about the vertical on the %1 side</source>
        <translation>Um die Senkrechte gedreht, auf der Seite %1</translation>
    </message>
    <message>
        <source>Held still, %1 side towards the ground</source>
        <translation>Still gehalten, Seite %1 zum Boden</translation>
    </message>
    <message>
        <source>Confirmed placed: %1</source>
        <translation>Als abgelegt bestätigt: %1</translation>
    </message>
    <message>
        <source>Accepted the compass fit</source>
        <translation>Die Kompass-Anpassung übernommen</translation>
    </message>
    <message>
        <source>Held still at roll %1°, pitch %2°</source>
        <translation>Still gehalten bei Rollwinkel %1°, Nickwinkel %2°</translation>
    </message>
    <message>
        <source>Turning a full turn about the vertical</source>
        <translation>Eine volle Umdrehung um die Senkrechte</translation>
    </message>
</context>
<context>
    <name>navigator::BoardHealthView</name>
    <message>
        <source>The SITL firmware (vayu_sitl)</source>
        <translation>Die SITL-Firmware (vayu_sitl)</translation>
    </message>
    <message>
        <source>The board on %1</source>
        <translation>Das Board an %1</translation>
    </message>
    <message>
        <source>%1: %2 (the last values heard)</source>
        <translation>%1: %2 (die zuletzt empfangenen Werte)</translation>
    </message>
    <message>
        <source>Gyroscope</source>
        <translation>Gyroskop</translation>
    </message>
    <message>
        <source>Accelerometer</source>
        <translation>Beschleunigungsmesser</translation>
    </message>
    <message>
        <source>Magnetometer</source>
        <translation>Magnetometer</translation>
    </message>
    <message>
        <source>Barometer</source>
        <translation>Barometer</translation>
    </message>
    <message>
        <source>GPS</source>
        <translation>GPS</translation>
    </message>
    <message>
        <source>Radio receiver</source>
        <translation>Funkempfänger</translation>
    </message>
    <message>
        <source>Battery</source>
        <translation>Akku</translation>
    </message>
    <message>
        <source>charge ok</source>
        <translation>Ladung in Ordnung</translation>
    </message>
    <message>
        <source>charge LOW</source>
        <translation>Ladung SCHWACH</translation>
    </message>
    <message>
        <source>charge CRITICAL</source>
        <translation>Ladung KRITISCH</translation>
    </message>
    <message>
        <source>charge EMERGENCY</source>
        <translation>Ladung NOTFALL</translation>
    </message>
    <message>
        <source>battery FAILED</source>
        <translation>Akku AUSGEFALLEN</translation>
    </message>
    <message>
        <source>battery UNHEALTHY</source>
        <translation>Akku NICHT IN ORDNUNG</translation>
    </message>
    <message>
        <source>charge state not reported</source>
        <translation>Ladezustand nicht gemeldet</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>%1 V</source>
        <translation>%1 V</translation>
    </message>
    <message>
        <source>%1 A</source>
        <translation>%1 A</translation>
    </message>
    <message>
        <source>current not measured</source>
        <translation>Strom nicht gemessen</translation>
    </message>
    <message>
        <source>%1 % remaining</source>
        <translation>noch %1 %</translation>
    </message>
    <message>
        <source>remaining not known</source>
        <translation>Restladung unbekannt</translation>
    </message>
    <message>
        <source>, %1 mAh used</source>
        <translation>, %1 mAh verbraucht</translation>
    </message>
    <message>
        <source>%1 · %2 · %3%4 · %5</source>
        <translation>%1 · %2 · %3%4 · %5</translation>
    </message>
    <message>
        <source>%1 V · %2 · %3 (SYS_STATUS)</source>
        <translation>%1 V · %2 · %3 (SYS_STATUS)</translation>
    </message>
    <message>
        <source>nothing heard yet</source>
        <translation>noch nichts empfangen</translation>
    </message>
</context>
<context>
    <name>navigator::BoardPanel</name>
    <message>
        <source>/dev/ttyACM0, or any path</source>
        <translation>/dev/ttyACM0 oder ein beliebiger Pfad</translation>
    </message>
    <message>
        <source>Detect</source>
        <translation>Erkennen</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>Baud rate</source>
        <translation>Baudrate</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>HIL</source>
        <translation>HIL</translation>
    </message>
    <message>
        <source>Choose a port or type its path.</source>
        <translation>Eine Schnittstelle wählen oder ihren Pfad eingeben.</translation>
    </message>
    <message>
        <source>Fly the simulator through the board (HIL)</source>
        <translation>Den Simulator über das Board fliegen (HIL)</translation>
    </message>
    <message>
        <source>The board&apos;s firmware gets its sensors from this station&apos;s simulator and flies it, in lockstep: a slow link slows the simulated world</source>
        <translation>Die Firmware des Boards bekommt ihre Sensorwerte vom Simulator dieser Bodenstation und fliegt ihn im Gleichschritt: eine langsame Verbindung verlangsamt die simulierte Welt</translation>
    </message>
    <message>
        <source>Flash Firmware…</source>
        <translation>Firmware flashen…</translation>
    </message>
    <message>
        <source>Write a firmware image to the board through its ROM bootloader (BOOT0 high) or USB DFU</source>
        <translation>Ein Firmware-Abbild über den ROM-Bootloader (BOOT0 high) oder USB-DFU auf das Board schreiben</translation>
    </message>
    <message>
        <source>Stop HIL</source>
        <translation>HIL beenden</translation>
    </message>
    <message>
        <source>Stop flying the simulator through the board; the port stays open</source>
        <translation>Den Simulator nicht mehr über das Board fliegen; die Schnittstelle bleibt offen</translation>
    </message>
    <message>
        <source>No vehicle yet.</source>
        <translation>Noch kein Fahrzeug.</translation>
    </message>
    <message>
        <source>Sensor</source>
        <translation>Sensor</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>Vorhanden</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Last message</source>
        <translation>Letzte Meldung</translation>
    </message>
    <message>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <source>Battery</source>
        <translation>Akku</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>not present</source>
        <translation>nicht vorhanden</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>healthy</source>
        <translation>in Ordnung</translation>
    </message>
    <message>
        <source>FAULT</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
</context>
<context>
    <name>navigator::BoardSession</name>
    <message>
        <source>%1: listening for MAVLink at %2 baud…</source>
        <translation>%1: horche auf MAVLink mit %2 Baud…</translation>
    </message>
    <message>
        <source>%1 open at %2 baud</source>
        <translation>%1 geöffnet mit %2 Baud</translation>
    </message>
    <message>
        <source>%1 closed</source>
        <translation>%1 geschlossen</translation>
    </message>
</context>
<context>
    <name>navigator::CommandSender</name>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>temporarily rejected</source>
        <translation>vorübergehend abgelehnt</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>verweigert</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>nicht unterstützt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>in Bearbeitung</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>result %1</source>
        <translation>Ergebnis %1</translation>
    </message>
    <message>
        <source>%1: no vehicle connected</source>
        <translation>%1: kein Fahrzeug verbunden</translation>
    </message>
    <message numerus="yes">
        <source>%1: no answer from the vehicle after %n tries</source>
        <translation>
            <numerusform>%1: keine Antwort vom Fahrzeug nach %n Versuch</numerusform>
            <numerusform>%1: keine Antwort vom Fahrzeug nach %n Versuchen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: accepted</source>
        <translation>%1: angenommen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source> — not sent: %1</source>
        <translation> — nicht gesendet: %1</translation>
    </message>
</context>
<context>
    <name>navigator::ExportCsvDialog</name>
    <message>
        <source>Export CSV — %1</source>
        <translation>CSV exportieren — %1</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Topic</translation>
    </message>
    <message>
        <source>CSV file</source>
        <translation>CSV-Datei</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>navigator::FirmwareStarvation</name>
    <message>
        <source>no motor outputs for %1 s now</source>
        <translation>seit %1 s keine Motorausgaben</translation>
    </message>
    <message>
        <source>gaps over %1 ms in its motor outputs: %2 (the longest %3 s)</source>
        <translation>Lücken über %1 ms in ihren Motorausgaben: %2 (die längste %3 s)</translation>
    </message>
    <message>
        <source>outputs computed from sensor frames over %1 ms old: %2</source>
        <translation>Ausgaben aus Sensordaten, die älter als %1 ms waren: %2</translation>
    </message>
    <message>
        <source>sensor frames it did not take: %1</source>
        <translation>nicht abgenommene Sensordaten: %1</translation>
    </message>
    <message>
        <source>Firmware starved in the last %1 s: %2. The vehicle flew on old motor outputs meanwhile.</source>
        <translation>Die Firmware ist in den letzten %1 s ausgehungert: %2. Das Fahrzeug flog derweil mit alten Motorausgaben.</translation>
    </message>
</context>
<context>
    <name>navigator::FlashDialog</name>
    <message>
        <source>Connecting to the bootloader…</source>
        <translation>Verbinde mit dem Bootloader…</translation>
    </message>
    <message>
        <source>Identifying the chip…</source>
        <translation>Chip wird erkannt…</translation>
    </message>
    <message>
        <source>Removing read-out protection (erasing the chip)…</source>
        <translation>Ausleseschutz wird entfernt (der Chip wird gelöscht)…</translation>
    </message>
    <message>
        <source>Erasing…</source>
        <translation>Lösche…</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Schreibe…</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Prüfe…</translation>
    </message>
    <message>
        <source>Starting the firmware…</source>
        <translation>Starte die Firmware…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Flash Firmware</source>
        <translation>Firmware flashen</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Abbild</translation>
    </message>
    <message>
        <source>.bin, .hex or .elf</source>
        <translation>.bin, .hex oder .elf</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Where a raw .bin image goes; .hex and .elf carry their own addresses.</source>
        <translation>Wohin ein rohes .bin-Abbild geschrieben wird; .hex und .elf bringen ihre eigenen Adressen mit.</translation>
    </message>
    <message>
        <source>Base address (.bin):</source>
        <translation>Basisadresse (.bin):</translation>
    </message>
    <message>
        <source>Target chip:</source>
        <translation>Ziel-Chip:</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Board</translation>
    </message>
    <message>
        <source>Serial: STM32 ROM bootloader (BOOT0 high, USART1)</source>
        <translation>Seriell: STM32-ROM-Bootloader (BOOT0 high, USART1)</translation>
    </message>
    <message>
        <source>USB DFU through dfu-util (BOOT0 high, USB)</source>
        <translation>USB-DFU über dfu-util (BOOT0 high, USB)</translation>
    </message>
    <message>
        <source>A listed port, or any path typed in (/dev/ttyUSB0, a pseudo-terminal).</source>
        <translation>Eine aufgeführte Schnittstelle oder ein beliebiger eingegebener Pfad (/dev/ttyUSB0, ein Pseudo-Terminal).</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Schnittstelle:</translation>
    </message>
    <message>
        <source>Baud rate (8E1):</source>
        <translation>Baudrate (8E1):</translation>
    </message>
    <message>
        <source>Look for DFU devices</source>
        <translation>Nach DFU-Geräten suchen</translation>
    </message>
    <message>
        <source>Device (VID:PID):</source>
        <translation>Gerät (VID:PID):</translation>
    </message>
    <message>
        <source>Erase the whole flash (not only the image&apos;s sectors)</source>
        <translation>Den ganzen Flash löschen (nicht nur die Sektoren des Abbilds)</translation>
    </message>
    <message>
        <source>Verify only: compare the board&apos;s flash with the image, write nothing</source>
        <translation>Nur prüfen: den Flash des Boards mit dem Abbild vergleichen, nichts schreiben</translation>
    </message>
    <message>
        <source>Start the firmware when done</source>
        <translation>Die Firmware danach starten</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Bereit.</translation>
    </message>
    <message>
        <source>Flash Anyway</source>
        <translation>Trotzdem flashen</translation>
    </message>
    <message>
        <source>I understand that removing read-out protection erases the whole chip</source>
        <translation>Mir ist klar, dass das Entfernen des Ausleseschutzes den ganzen Chip löscht</translation>
    </message>
    <message>
        <source>Remove Protection and Erase Chip</source>
        <translation>Schutz entfernen und Chip löschen</translation>
    </message>
    <message>
        <source>Flash</source>
        <translation>Flashen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Copy Log</source>
        <translation>Protokoll kopieren</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Firmware Image</source>
        <translation>Firmware-Abbild</translation>
    </message>
    <message>
        <source>Firmware images (*.bin *.hex *.ihex *.elf);;All files (*)</source>
        <translation>Firmware-Abbilder (*.bin *.hex *.ihex *.elf);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n DFU device(s) found</source>
        <translation>
            <numerusform>%n DFU-Gerät gefunden</numerusform>
            <numerusform>%n DFU-Geräte gefunden</numerusform>
        </translation>
    </message>
    <message>
        <source>No image chosen.</source>
        <translation>Kein Abbild gewählt.</translation>
    </message>
    <message>
        <source>The base address &apos;%1&apos; is not a number (0x08000000).</source>
        <translation>Die Basisadresse „%1“ ist keine Zahl (0x08000000).</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>%1 bytes in %2 segment(s), %3 to %4.</source>
        <translation>%1 Bytes in %2 Segment(en), %3 bis %4.</translation>
    </message>
    <message>
        <source>Erases sector(s) %1 of the %2.</source>
        <translation>Löscht Sektor(en) %1 des %2.</translation>
    </message>
    <message>
        <source>Choose an image first.</source>
        <translation>Zuerst ein Abbild wählen.</translation>
    </message>
    <message>
        <source>Choose the board&apos;s port first.</source>
        <translation>Zuerst die Schnittstelle des Boards wählen.</translation>
    </message>
    <message>
        <source>— %1: flashing %2 %3</source>
        <translation>— %1: flashe %2 %3</translation>
    </message>
    <message>
        <source>over USB DFU</source>
        <translation>über USB-DFU</translation>
    </message>
    <message>
        <source>through %1</source>
        <translation>über %1</translation>
    </message>
    <message>
        <source>Cancelling at the next safe point…</source>
        <translation>Abbruch an der nächsten sicheren Stelle…</translation>
    </message>
    <message>
        <source>Verified: the board&apos;s flash holds this image (%1 bytes).</source>
        <translation>Geprüft: Der Flash des Boards enthält dieses Abbild (%1 Bytes).</translation>
    </message>
    <message>
        <source>Flashed and verified: %1 bytes in %2 s.</source>
        <translation>Geflasht und geprüft: %1 Bytes in %2 s.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>Fehlgeschlagen.</translation>
    </message>
    <message>
        <source>what to do: %1</source>
        <translation>was zu tun ist: %1</translation>
    </message>
    <message>
        <source>Flashing: cancel before closing.</source>
        <translation>Flashen läuft: vor dem Schließen abbrechen.</translation>
    </message>
</context>
<context>
    <name>navigator::FlashFailureText</name>
    <message>
        <source>Cancelled while the flash was being changed.</source>
        <translation>Abgebrochen, während der Flash verändert wurde.</translation>
    </message>
    <message>
        <source>Cancelled: nothing was erased or written; the board is as it was.</source>
        <translation>Abgebrochen: Es wurde nichts gelöscht oder geschrieben; das Board ist, wie es war.</translation>
    </message>
    <message>
        <source>The image cannot be flashed: it is unreadable, malformed, or does not fit the chip.</source>
        <translation>Das Abbild kann nicht geflasht werden: Es ist unlesbar, fehlerhaft oder passt nicht zum Chip.</translation>
    </message>
    <message>
        <source>The port cannot be used: it could not be opened or set up, or it went away.</source>
        <translation>Die Schnittstelle ist nicht nutzbar: Sie ließ sich nicht öffnen oder einrichten, oder sie ist verschwunden.</translation>
    </message>
    <message>
        <source>The board&apos;s ROM bootloader does not answer.</source>
        <translation>Der ROM-Bootloader des Boards antwortet nicht.</translation>
    </message>
    <message>
        <source>The board&apos;s chip is not the one this image is built for.</source>
        <translation>Der Chip des Boards ist nicht der, für den dieses Abbild gebaut ist.</translation>
    </message>
    <message>
        <source>The chip is read-out protected: its bootloader refuses to read or write the flash.</source>
        <translation>Der Chip hat einen Ausleseschutz: Sein Bootloader verweigert das Lesen und Schreiben des Flashs.</translation>
    </message>
    <message>
        <source>The bootloader refused a command.</source>
        <translation>Der Bootloader hat einen Befehl abgelehnt.</translation>
    </message>
    <message>
        <source>The bootloader stopped answering.</source>
        <translation>Der Bootloader antwortet nicht mehr.</translation>
    </message>
    <message>
        <source>Verify failed: the board&apos;s flash does not hold the image.</source>
        <translation>Prüfung fehlgeschlagen: Der Flash des Boards enthält das Abbild nicht.</translation>
    </message>
    <message>
        <source>dfu-util, the program that flashes over USB DFU, could not be started.</source>
        <translation>dfu-util, das Programm, das über USB-DFU flasht, ließ sich nicht starten.</translation>
    </message>
    <message>
        <source>dfu-util failed.</source>
        <translation>dfu-util ist gescheitert.</translation>
    </message>
    <message>
        <source>Nothing was erased. Choose an image built for this board: a .bin with its base address, a .hex or an .elf.</source>
        <translation>Es wurde nichts gelöscht. Wählen Sie ein für dieses Board gebautes Abbild: eine .bin mit ihrer Basisadresse, eine .hex oder eine .elf.</translation>
    </message>
    <message>
        <source>Check the port: is the board plugged in, is this its port, and does no other program (the Board tab, a terminal) hold it? Then flash again.</source>
        <translation>Prüfen Sie die Schnittstelle: Ist das Board eingesteckt, ist dies seine Schnittstelle, und belegt sie kein anderes Programm (der Reiter Board, ein Terminal)? Dann erneut flashen.</translation>
    </message>
    <message>
        <source>Is BOOT0 high (boot button held or jumper set) and was the board reset after? Is this the board&apos;s port, with TX to RX, RX to TX and a common ground? Does another program (the Board tab, a terminal) hold the port?</source>
        <translation>Liegt BOOT0 auf high (Boot-Taste gehalten oder Jumper gesetzt), und wurde das Board danach zurückgesetzt? Ist dies die Schnittstelle des Boards, mit TX an RX, RX an TX und gemeinsamer Masse? Belegt ein anderes Programm (der Reiter Board, ein Terminal) die Schnittstelle?</translation>
    </message>
    <message>
        <source>Choose the image built for this board. If you are sure the image fits this chip, press Flash Anyway. Nothing was erased.</source>
        <translation>Das für dieses Board gebaute Abbild wählen. Wenn Sie sicher sind, dass das Abbild zu diesem Chip passt, „Trotzdem flashen“ drücken. Es wurde nichts gelöscht.</translation>
    </message>
    <message>
        <source>Nothing was erased. The chip is not in the flasher&apos;s catalog, so its flash layout is unknown: flash it with a tool that knows it.</source>
        <translation>Es wurde nichts gelöscht. Der Chip steht nicht im Katalog des Flashers, seine Flash-Aufteilung ist also unbekannt: Flashen Sie ihn mit einem Werkzeug, das ihn kennt.</translation>
    </message>
    <message>
        <source>Removing the protection ERASES THE WHOLE CHIP (firmware and any settings kept in flash). To go on, tick the box below and press Remove Protection and Erase Chip. Nothing was erased.</source>
        <translation>Das Entfernen des Schutzes LÖSCHT DEN GANZEN CHIP (Firmware und alle im Flash gespeicherten Einstellungen). Um fortzufahren, das Kästchen unten ankreuzen und „Schutz entfernen und Chip löschen“ drücken. Es wurde nichts gelöscht.</translation>
    </message>
    <message>
        <source>A protected chip cannot be verified. Removing the protection erases the whole chip.</source>
        <translation>Ein geschützter Chip lässt sich nicht prüfen. Das Entfernen des Schutzes löscht den ganzen Chip.</translation>
    </message>
    <message>
        <source>A refused erase or write usually means write protection on the sectors; erasing the whole flash (the box above) may clear it. A bootloader without read, write and erase cannot be flashed over its serial port.</source>
        <translation>Ein abgelehntes Löschen oder Schreiben bedeutet meist einen Schreibschutz auf den Sektoren; das Löschen des ganzen Flashs (das Kästchen oben) kann ihn aufheben. Über einen Bootloader ohne Lesen, Schreiben und Löschen lässt sich über die serielle Schnittstelle nicht flashen.</translation>
    </message>
    <message>
        <source>Power-cycle the board with BOOT0 held high.</source>
        <translation>Das Board aus- und wieder einschalten, BOOT0 dabei auf high halten.</translation>
    </message>
    <message>
        <source>Check the wiring and the baud rate, power-cycle the board with BOOT0 held high, then flash again.</source>
        <translation>Verkabelung und Baudrate prüfen, das Board mit BOOT0 auf high aus- und wieder einschalten, dann erneut flashen.</translation>
    </message>
    <message>
        <source>The board does not hold this image: flash it.</source>
        <translation>Das Board enthält dieses Abbild nicht: Flashen Sie es.</translation>
    </message>
    <message>
        <source>Flash again; if the same bytes differ again, the flash may be write-protected (option bytes) or worn.</source>
        <translation>Erneut flashen; weichen dieselben Bytes wieder ab, ist der Flash vielleicht schreibgeschützt (Option Bytes) oder verschlissen.</translation>
    </message>
    <message>
        <source>Install dfu-util (on Debian and Ubuntu: apt install dfu-util), or correct its path in the settings.</source>
        <translation>Installieren Sie dfu-util (unter Debian und Ubuntu: apt install dfu-util), oder korrigieren Sie seinen Pfad in den Einstellungen.</translation>
    </message>
    <message>
        <source>dfu-util&apos;s own message and what it points to are in the details.</source>
        <translation>Die Meldung von dfu-util und worauf sie hinweist, stehen in den Einzelheiten.</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>Einzelheiten (in den Worten des Flashers): %1</translation>
    </message>
    <message>
        <source>The flash was changed before the run stopped: the board holds no complete image now. It stays in its ROM bootloader and can be flashed again.</source>
        <translation>Der Flash wurde verändert, bevor der Vorgang endete: Das Board enthält jetzt kein vollständiges Abbild. Es bleibt in seinem ROM-Bootloader und kann erneut geflasht werden.</translation>
    </message>
</context>
<context>
    <name>navigator::FlightPanel</name>
    <message>
        <source>Arm</source>
        <translation>Scharf schalten</translation>
    </message>
    <message>
        <source>Disarm</source>
        <translation>Entschärfen</translation>
    </message>
    <message>
        <source>Arm the motors (the firmware checks sensors, attitude, pilot input and throttle first)</source>
        <translation>Motoren scharf schalten (die Firmware prüft vorher Sensoren, Fluglage, Piloteneingaben und Schub)</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <source>Reset vehicle</source>
        <translation>Fahrzeug zurücksetzen</translation>
    </message>
    <message>
        <source>Put the simulated vehicle back on the ground at the origin, motors stopped</source>
        <translation>Das simulierte Fahrzeug mit gestoppten Motoren zurück auf den Boden im Ursprung setzen</translation>
    </message>
    <message>
        <source>Vehicle</source>
        <translation>Fahrzeug</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Flugmodus</translation>
    </message>
    <message>
        <source>SITL firmware</source>
        <translation>SITL-Firmware</translation>
    </message>
    <message>
        <source>waiting for a heartbeat</source>
        <translation>warte auf Heartbeat</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>No vehicle (%1)</source>
        <translation>Kein Fahrzeug (%1)</translation>
    </message>
    <message>
        <source>Connected (%1)</source>
        <translation>Verbunden (%1)</translation>
    </message>
    <message>
        <source>LOST (%1)</source>
        <translation>VERLOREN (%1)</translation>
    </message>
    <message>
        <source>ARMED</source>
        <translation>SCHARF GESCHALTET</translation>
    </message>
    <message>
        <source>Disarmed</source>
        <translation>Entschärft</translation>
    </message>
    <message>
        <source>The vehicle reports mode %1, which this station does not know</source>
        <translation>Das Fahrzeug meldet den Flugmodus %1, den diese Bodenstation nicht kennt</translation>
    </message>
    <message>
        <source>Running (%1)</source>
        <translation>Läuft (%1)</translation>
    </message>
    <message>
        <source>Stopped (%1)</source>
        <translation>Gestoppt (%1)</translation>
    </message>
    <message>
        <source>Run elsewhere (%1)</source>
        <translation>Läuft anderswo (%1)</translation>
    </message>
    <message>
        <source>GPS</source>
        <translation>GPS</translation>
    </message>
    <message>
        <source>The vehicle reports %1, a mode this list does not offer</source>
        <translation>Das Fahrzeug meldet %1, einen Flugmodus, den diese Liste nicht anbietet</translation>
    </message>
    <message>
        <source>none reported</source>
        <translation>keines gemeldet</translation>
    </message>
    <message>
        <source>Takeoff</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Arm and climb to the altitude beside it, in the autopilot&apos;s own take-off mode</source>
        <translation>Scharf schalten und auf die Höhe daneben steigen, im Startmodus des Autopiloten</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>Take-off altitude above home</source>
        <translation>Starthöhe über dem Startpunkt</translation>
    </message>
    <message>
        <source>Land</source>
        <translation>Landen</translation>
    </message>
    <message>
        <source>Land where it is, in the autopilot&apos;s own landing mode</source>
        <translation>Hier landen, im Landemodus des Autopiloten</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Rückkehr</translation>
    </message>
    <message>
        <source>Return to the launch point and land (the autopilot&apos;s RTL)</source>
        <translation>Zum Startpunkt zurückkehren und landen (RTL des Autopiloten)</translation>
    </message>
    <message>
        <source>Sign this link</source>
        <translation>Diese Verbindung signieren</translation>
    </message>
    <message>
        <source>Signing</source>
        <translation>Signatur</translation>
    </message>
    <message>
        <source>not offered for this vehicle</source>
        <translation>für dieses Fahrzeug nicht angeboten</translation>
    </message>
    <message>
        <source>Stop signing</source>
        <translation>Signieren beenden</translation>
    </message>
    <message>
        <source>Turn MAVLink signing off on the vehicle and forget its key</source>
        <translation>MAVLink-Signatur am Fahrzeug ausschalten und seinen Schlüssel vergessen</translation>
    </message>
    <message>
        <source>Make a new key, keep it, and set it on the vehicle over its USB/serial link: from then on it takes only frames signed with it</source>
        <translation>Einen neuen Schlüssel erzeugen, aufbewahren und über die USB-/serielle Verbindung am Fahrzeug setzen: danach nimmt es nur noch damit signierte Frames an</translation>
    </message>
    <message>
        <source>Hold by hand…</source>
        <translation>Von Hand halten…</translation>
    </message>
    <message>
        <source>Hold the simulated vehicle still in an orientation, or turn it slowly, as on the bench for a calibration</source>
        <translation>Das simulierte Fahrzeug in einer Lage ruhig halten oder langsam drehen, wie auf dem Prüftisch für eine Kalibrierung</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Waagerecht</translation>
    </message>
    <message>
        <source>Upside down</source>
        <translation>Kopfüber</translation>
    </message>
    <message>
        <source>Nose down</source>
        <translation>Nase nach unten</translation>
    </message>
    <message>
        <source>Nose up</source>
        <translation>Nase nach oben</translation>
    </message>
    <message>
        <source>Left side down</source>
        <translation>Linke Seite nach unten</translation>
    </message>
    <message>
        <source>Right side down</source>
        <translation>Rechte Seite nach unten</translation>
    </message>
    <message>
        <source>Turn slowly about the roll axis (30°/s)</source>
        <translation>Langsam um die Rollachse drehen (30°/s)</translation>
    </message>
    <message>
        <source>Turn slowly about the pitch axis (30°/s)</source>
        <translation>Langsam um die Nickachse drehen (30°/s)</translation>
    </message>
    <message>
        <source>Turn slowly about the yaw axis (30°/s)</source>
        <translation>Langsam um die Gierachse drehen (30°/s)</translation>
    </message>
    <message>
        <source>Turn slowly about the vertical (30°/s)</source>
        <translation>Langsam um die Senkrechte drehen (30°/s)</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Loslassen</translation>
    </message>
    <message>
        <source>Disarm to hold by hand: an armed vehicle may be flying, and the hand stops its motors.</source>
        <translation>Zum Halten von Hand entschärfen: Ein scharf geschaltetes Fahrzeug fliegt womöglich, und die Hand stoppt seine Motoren.</translation>
    </message>
    <message>
        <source>Held by hand: still, motors stopped. Release lets it go at rest.</source>
        <translation>Von Hand gehalten: ruhig, Motoren gestoppt. „Loslassen“ gibt es in Ruhe frei.</translation>
    </message>
    <message>
        <source>Transmitter on</source>
        <translation>Sender an</translation>
    </message>
    <message>
        <source>The pilot input reaches the simulated vehicle&apos;s radio receiver as a transmitter&apos;s channels (CRSF), decoded by the firmware&apos;s own receiver driver. Switch it off to see the radio failsafe.</source>
        <translation>Die Piloteneingabe erreicht den Funkempfänger des simulierten Fahrzeugs als Kanäle eines Senders (CRSF), dekodiert vom eigenen Empfängertreiber der Firmware. Ausschalten, um den Funk-Failsafe zu sehen.</translation>
    </message>
</context>
<context>
    <name>navigator::FlightRecorder</name>
    <message>
        <source>Flight log %1: the disk is too slow, log messages are being dropped (counted in the file).</source>
        <translation>Fluglog %1: Der Datenträger ist zu langsam, Lognachrichten gehen verloren (in der Datei gezählt).</translation>
    </message>
    <message>
        <source>Cannot create the flight-log folder %1: this flight is not recorded.</source>
        <translation>Der Ordner für Fluglogs %1 kann nicht angelegt werden: Dieser Flug wird nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>This flight is not recorded: %1</source>
        <translation>Dieser Flug wird nicht aufgezeichnet: %1</translation>
    </message>
    <message>
        <source>Flight log %1: %2</source>
        <translation>Fluglog %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Flight log %1: %n message(s) were dropped because the disk was too slow.</source>
        <translation>
            <numerusform>Fluglog %1: %n Nachricht ging verloren, weil der Datenträger zu langsam war.</numerusform>
            <numerusform>Fluglog %1: %n Nachrichten gingen verloren, weil der Datenträger zu langsam war.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>navigator::FlightView3D</name>
    <message>
        <source>3-D flight view</source>
        <translation>3-D-Flugansicht</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Folgen</translation>
    </message>
    <message>
        <source>Orbit</source>
        <translation>Umkreisen</translation>
    </message>
    <message>
        <source>Ground observer</source>
        <translation>Beobachter am Boden</translation>
    </message>
    <message>
        <source>Camera: follow behind the vehicle, orbit around it (drag, wheel), or watch from a fixed point on the ground</source>
        <translation>Kamera: dem Fahrzeug von hinten folgen, es umkreisen (Ziehen, Mausrad) oder von einem festen Punkt am Boden aus zusehen</translation>
    </message>
    <message>
        <source>Body axes</source>
        <translation>Körperachsen</translation>
    </message>
    <message>
        <source>Draw the body axes: forward red, left green, up blue</source>
        <translation>Körperachsen zeichnen: vorn rot, links grün, oben blau</translation>
    </message>
    <message>
        <source>Camera:</source>
        <translation>Kamera:</translation>
    </message>
    <message>
        <source>Wind: calm</source>
        <translation>Wind: windstill</translation>
    </message>
    <message>
        <source>Wind: %1 m/s from %2°</source>
        <translation>Wind: %1 m/s aus %2°</translation>
    </message>
</context>
<context>
    <name>navigator::FlyPage</name>
    <message>
        <source>Flight</source>
        <translation>Flug</translation>
    </message>
    <message>
        <source>Sticks</source>
        <translation>Steuerknüppel</translation>
    </message>
    <message>
        <source>Wind</source>
        <translation>Wind</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>PID %1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <source>Joystick &quot;%1&quot; vanished: no more stick input is sent, so the firmware&apos;s failsafe takes over (level, descend, disarm on landing).</source>
        <translation>Joystick „%1“ wurde getrennt: Es werden keine Steuerknüppel-Eingaben mehr gesendet, daher übernimmt der Failsafe der Firmware (waagerecht ausrichten, sinken, nach der Landung entschärfen).</translation>
    </message>
    <message>
        <source>sim %1 s · rtf %2 · overruns %3 · NaN resets %4 · samples lost %5 · %6 fps · GUI CPU %7 % · link %8 frames, %9 CRC errors</source>
        <translation>Sim %1 s · RTF %2 · Überläufe %3 · NaN-Rücksetzungen %4 · verlorene Messwerte %5 · %6 fps · GUI-CPU %7 % · Verbindung %8 Frames, %9 CRC-Fehler</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Board</translation>
    </message>
    <message>
        <source>%1 B in, %2 B out · %3 frames in · %4 CRC errors · %5 B dropped · %6 gaps</source>
        <translation>%1 B empfangen, %2 B gesendet · %3 Frames empfangen · %4 CRC-Fehler · %5 B verworfen · %6 Lücken</translation>
    </message>
    <message>
        <source>The HIL sensor rate follows from the baud rate, once it is known.</source>
        <translation>Die HIL-Sensorrate ergibt sich aus der Baudrate, sobald diese bekannt ist.</translation>
    </message>
    <message>
        <source>%1 baud (8N1): %2 bytes/s each way; HIL_SENSOR %3 B, HIL_ACTUATOR_CONTROLS %4 B; with a fifth kept for telemetry, at most %5 HIL steps per second.</source>
        <translation>%1 Baud (8N1): %2 Bytes/s je Richtung; HIL_SENSOR %3 B, HIL_ACTUATOR_CONTROLS %4 B; mit einem Fünftel für Telemetrie höchstens %5 HIL-Schritte pro Sekunde.</translation>
    </message>
    <message>
        <source>%L1 m/s from %L2°</source>
        <translation>%L1 m/s aus %L2°</translation>
    </message>
    <message>
        <source>updraft %L1 m/s</source>
        <translation>Aufwind %L1 m/s</translation>
    </message>
    <message>
        <source>turbulence σ %L1 m/s</source>
        <translation>Turbulenz σ %L1 m/s</translation>
    </message>
    <message>
        <source>%1
Overruns: IMU periods the simulator could not finish by their real-time deadline (the lost time is dropped, never caught up).</source>
        <translation>%1
Überläufe: IMU-Perioden, die der Simulator nicht bis zu ihrer Echtzeit-Frist beenden konnte (die verlorene Zeit wird verworfen, nie nachgeholt).</translation>
    </message>
    <message>
        <source>The simulator is not running here.</source>
        <translation>Der Simulator läuft hier nicht.</translation>
    </message>
    <message>
        <source>The wind of the last session is back: %1. Press Calm in the Wind tab for still air.</source>
        <translation>Der Wind der letzten Sitzung ist wieder da: %1. Für ruhige Luft im Reiter Wind auf „Windstill“ drücken.</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>The firmware&apos;s log and the station&apos;s messages</source>
        <translation>Das Protokoll der Firmware und die Meldungen der Station</translation>
    </message>
    <message>
        <source>Recording this flight to %1</source>
        <translation>Dieser Flug wird aufgezeichnet in %1</translation>
    </message>
    <message>
        <source>Flight log saved: %1 (%2 s)</source>
        <translation>Fluglog gespeichert: %1 (%2 s)</translation>
    </message>
    <message>
        <source>● REC · </source>
        <translation>● AUFN. · </translation>
    </message>
    <message>
        <source>no vehicle yet</source>
        <translation>noch kein Fahrzeug</translation>
    </message>
    <message>
        <source>SITL: %1</source>
        <translation>SITL: %1</translation>
    </message>
    <message>
        <source>Board: %1</source>
        <translation>Board: %1</translation>
    </message>
    <message>
        <source>%1 (link lost)</source>
        <translation>%1 (Verbindung verloren)</translation>
    </message>
    <message>
        <source>Vehicle %1 heard on %2.</source>
        <translation>Fahrzeug %1 auf %2 gehört.</translation>
    </message>
    <message>
        <source>Connected: %1</source>
        <translation>Verbunden: %1</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1 …</translation>
    </message>
    <message>
        <source>Other source, not flown here: %1</source>
        <translation>Andere Quelle, hier nicht geflogen: %1</translation>
    </message>
    <message>
        <source>Motors</source>
        <translation>Motoren</translation>
    </message>
    <message>
        <source>The airframe&apos;s rotors seen from above: numbers, spins, and the allocation</source>
        <translation>Die Rotoren des Luftfahrzeugs von oben: Nummern, Drehrichtungen und die Aufteilung</translation>
    </message>
    <message>
        <source>On the vehicle: it allocates its rotors from this geometry (MIXER 1).</source>
        <translation>Auf dem Fahrzeug: Es teilt seine Rotoren nach dieser Geometrie auf (MIXER 1).</translation>
    </message>
    <message>
        <source>Not on the vehicle: %1</source>
        <translation>Nicht auf dem Fahrzeug: %1</translation>
    </message>
    <message>
        <source>%1: %2 rotors. %3</source>
        <translation>%1: %2 Rotoren. %3</translation>
    </message>
    <message>
        <source>The station gives the firmware this geometry (MIXER 1).</source>
        <translation>Die Station gibt der Firmware diese Geometrie (MIXER 1).</translation>
    </message>
    <message>
        <source>About the new centre of mass; the station gives the firmware this geometry (MIXER 1).</source>
        <translation>Um den neuen Schwerpunkt; die Station gibt der Firmware diese Geometrie (MIXER 1).</translation>
    </message>
    <message>
        <source>not offered for this autopilot</source>
        <translation>für diesen Autopiloten nicht angeboten</translation>
    </message>
    <message>
        <source>Arm is offered once pilot input reaches the vehicle: choose where the sticks come from in the Sticks tab.</source>
        <translation>Scharf schalten wird angeboten, sobald Piloteneingaben das Fahrzeug erreichen: Wählen Sie im Reiter Steuerknüppel, woher die Steuerknüppel kommen.</translation>
    </message>
    <message>
        <source>HIL · </source>
        <translation>HIL · </translation>
    </message>
    <message>
        <source>%1
Measured: %2 HIL_SENSOR/s, real-time factor %3 (the board&apos;s loop).</source>
        <translation>%1
Gemessen: %2 HIL_SENSOR/s, Echtzeitfaktor %3 (die Regelschleife des Boards).</translation>
    </message>
    <message>
        <source>HIL %1 HIL_SENSOR/s · </source>
        <translation>HIL %1 HIL_SENSOR/s · </translation>
    </message>
    <message>
        <source>Not held: the vehicle is armed. Disarm it first: an armed vehicle may be flying, and the hand stops its motors.</source>
        <translation>Nicht gehalten: Das Fahrzeug ist scharf. Entschärfen Sie es zuerst: Ein scharf geschaltetes Fahrzeug fliegt womöglich, und die Hand stoppt seine Motoren.</translation>
    </message>
    <message>
        <source>Held by hand at roll %1°, pitch %2°, yaw %3°</source>
        <translation>Von Hand gehalten bei Rollen %1°, Nicken %2°, Gieren %3°</translation>
    </message>
    <message>
        <source>Turned by hand at (%1, %2, %3) °/s about the %4 axes</source>
        <translation>Von Hand gedreht mit (%1, %2, %3) °/s um die %4 Achsen</translation>
    </message>
    <message>
        <source>world&apos;s</source>
        <translation>weltfesten</translation>
    </message>
    <message>
        <source>body&apos;s</source>
        <translation>körperfesten</translation>
    </message>
    <message>
        <source>Released by hand</source>
        <translation>Von Hand losgelassen</translation>
    </message>
    <message>
        <source>Transmitter on: the simulated receiver hears the pilot input (CRSF, channels 1-4 AETR, 5-8 the pad&apos;s buttons 1-4).</source>
        <translation>Sender an: Der simulierte Empfänger hört die Piloteneingabe (CRSF, Kanäle 1-4 AETR, 5-8 die Tasten 1-4 des Gamepads).</translation>
    </message>
    <message>
        <source>Transmitter off: the simulated receiver hears nothing, and the firmware&apos;s radio failsafe acts.</source>
        <translation>Sender aus: Der simulierte Empfänger hört nichts, und der Funk-Failsafe der Firmware greift.</translation>
    </message>
</context>
<context>
    <name>navigator::GeometryWriter</name>
    <message>
        <source>Rotor geometry of %1 on the vehicle: it allocates its %2 rotors from it (MIXER 1).</source>
        <translation>Rotorgeometrie von %1 auf dem Fahrzeug: Es teilt seine %2 Rotoren danach auf (MIXER 1).</translation>
    </message>
    <message>
        <source>Rotor geometry of %1 not written: %2</source>
        <translation>Rotorgeometrie von %1 nicht geschrieben: %2</translation>
    </message>
    <message>
        <source>Rotor geometry not written: %1</source>
        <translation>Rotorgeometrie nicht geschrieben: %1</translation>
    </message>
    <message>
        <source>Rotor geometry of %1: the vehicle has it already.</source>
        <translation>Rotorgeometrie von %1: Das Fahrzeug hat sie schon.</translation>
    </message>
</context>
<context>
    <name>navigator::HelpDialog</name>
    <message>
        <source>Keyboard and mouse</source>
        <translation>Tastatur und Maus</translation>
    </message>
    <message>
        <source>Flying with the keyboard (Sticks tab: Sticks from Keyboard)</source>
        <translation>Fliegen mit der Tastatur (Reiter Steuerknüppel: Steuerung über Tastatur)</translation>
    </message>
    <message>
        <source>W / S</source>
        <translation>W / S</translation>
    </message>
    <message>
        <source>A / D</source>
        <translation>A / D</translation>
    </message>
    <message>
        <source>Yaw left / right while held (%L1 % deflection)</source>
        <translation>Gieren links / rechts, solange gedrückt (%L1 % Ausschlag)</translation>
    </message>
    <message>
        <source>↑ / ↓</source>
        <translation>↑ / ↓</translation>
    </message>
    <message>
        <source>Pitch forward (nose down) / back while held</source>
        <translation>Nicken vor (Nase ab) / zurück, solange gedrückt</translation>
    </message>
    <message>
        <source>← / →</source>
        <translation>← / →</translation>
    </message>
    <message>
        <source>Roll left / right while held</source>
        <translation>Rollen links / rechts, solange gedrückt</translation>
    </message>
    <message>
        <source>The keys fly only while the station&apos;s window has the focus and no text field, number box, list, drop-down or dialog has it. Click the 3-D view to fly again.</source>
        <translation>Die Tasten steuern nur, solange das Fenster der Station den Fokus hat und kein Textfeld, Zahlenfeld, keine Liste, Auswahl und kein Dialog ihn hat. In die 3-D-Ansicht klicken, um weiterzufliegen.</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Strg+O</translation>
    </message>
    <message>
        <source>Open a mesh in the Inertia Inspector</source>
        <translation>Ein Netz im Trägheits-Inspektor öffnen</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Strg+Q</translation>
    </message>
    <message>
        <source>Quit (the simulator and the SITL firmware stop with the station)</source>
        <translation>Beenden (Simulator und SITL-Firmware enden mit der Station)</translation>
    </message>
    <message>
        <source>F1 / Help</source>
        <translation>F1 / Hilfe</translation>
    </message>
    <message>
        <source>This page</source>
        <translation>Diese Seite</translation>
    </message>
    <message>
        <source>3-D views (Fly and Inertia Inspector)</source>
        <translation>3-D-Ansichten (Fliegen und Trägheits-Inspektor)</translation>
    </message>
    <message>
        <source>Drag (left or right button)</source>
        <translation>Ziehen (linke oder rechte Taste)</translation>
    </message>
    <message>
        <source>Orbit the camera around the vehicle or the part</source>
        <translation>Die Kamera um das Fahrzeug oder das Teil kreisen lassen</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>Mausrad</translation>
    </message>
    <message>
        <source>Zoom in / out</source>
        <translation>Hinein- / herauszoomen</translation>
    </message>
    <message>
        <source>Camera (Fly)</source>
        <translation>Kamera (Fliegen)</translation>
    </message>
    <message>
        <source>Follow behind the vehicle, orbit around it, or watch from a fixed point on the ground</source>
        <translation>Hinter dem Fahrzeug folgen, es umkreisen oder von einem festen Punkt am Boden zusehen</translation>
    </message>
    <message>
        <source>Back to the whole part, as it opened</source>
        <translation>Zurück zum ganzen Teil, wie beim Öffnen</translation>
    </message>
    <message>
        <source>Plots</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Pause button</source>
        <translation>Pause-Knopf</translation>
    </message>
    <message>
        <source>Freeze the samples on show; recording goes on</source>
        <translation>Die gezeigten Messwerte einfrieren; die Aufzeichnung läuft weiter</translation>
    </message>
    <message>
        <source>Wheel, drag</source>
        <translation>Mausrad, Ziehen</translation>
    </message>
    <message>
        <source>Zoom and pan in time while paused (and in y when autoscale is off)</source>
        <translation>Im Pausenzustand in der Zeit zoomen und verschieben (und in y, wenn die automatische Skalierung aus ist)</translation>
    </message>
    <message>
        <source>Y↕</source>
        <translation>Y↕</translation>
    </message>
    <message>
        <source>Autoscale y to the data on show</source>
        <translation>y automatisch an die gezeigten Daten anpassen</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Export the samples in the visible time range</source>
        <translation>Die Messwerte im sichtbaren Zeitbereich exportieren</translation>
    </message>
    <message>
        <source>Right click</source>
        <translation>Rechtsklick</translation>
    </message>
    <message>
        <source>The same as a menu</source>
        <translation>Dasselbe als Menü</translation>
    </message>
    <message>
        <source>Hover</source>
        <translation>Darüberfahren</translation>
    </message>
    <message>
        <source>Every series with its unit, when the legend does not fit</source>
        <translation>Jede Reihe mit ihrer Einheit, wenn die Legende nicht passt</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>Benutzerhandbuch</translation>
    </message>
    <message>
        <source>&lt;a href=&quot;%1&quot;&gt;The user guide&lt;/a&gt; (%2)</source>
        <translation>&lt;a href=&quot;%1&quot;&gt;Das Benutzerhandbuch&lt;/a&gt; (%2)</translation>
    </message>
    <message>
        <source>The user guide is not installed at %1.</source>
        <translation>Das Benutzerhandbuch ist nicht unter %1 installiert.</translation>
    </message>
    <message>
        <source>Double-click (Inspector)</source>
        <translation>Doppelklick (Inspektor)</translation>
    </message>
    <message>
        <source>Throttle up / down: ramps %L1 % a second and stays where you leave it, or, in the centred mode for ALT_HOLD and POSITION, climbs / descends while held</source>
        <translation>Schub auf / ab: steigt um %L1 % pro Sekunde und bleibt, wo man ihn lässt, oder, im zentrierten Modus für ALT_HOLD und POSITION, steigt / sinkt, solange gedrückt</translation>
    </message>
</context>
<context>
    <name>navigator::HilBridge</name>
    <message>
        <source>%1 baud carries no HIL_SENSOR</source>
        <translation>%1 Baud tragen kein HIL_SENSOR</translation>
    </message>
    <message>
        <source> (capped at the firmware&apos;s longest step: the world runs slower than real time)</source>
        <translation> (begrenzt auf den längsten Schritt der Firmware: die Welt läuft langsamer als Echtzeit)</translation>
    </message>
    <message>
        <source>simulator: %1</source>
        <translation>Simulator: %1</translation>
    </message>
    <message>
        <source>non-finite motor duty at time_usec %1 (that motor gets 0)</source>
        <translation>nicht endlicher Motor-Tastgrad bei time_usec %1 (dieser Motor bekommt 0)</translation>
    </message>
    <message>
        <source>%1 baud → %2 HIL_SENSOR/s (%3 B each, 8N1%5) → one every %4 ms of sim time</source>
        <translation>%1 Baud → %2 HIL_SENSOR/s (je %3 B, 8N1%5) → einer alle %4 ms Simulationszeit</translation>
    </message>
    <message>
        <source>, signed</source>
        <translation>, signiert</translation>
    </message>
</context>
<context>
    <name>navigator::HilSession</name>
    <message>
        <source>No board: connect to one first.</source>
        <translation>Kein Board: zuerst eines verbinden.</translation>
    </message>
    <message>
        <source>HIL: the board flies this station&apos;s simulator. %1</source>
        <translation>HIL: Das Board fliegt den Simulator dieser Bodenstation. %1</translation>
    </message>
    <message>
        <source>HIL: MAG_DECL_DEG set to %L1° on the board, the simulated field&apos;s declination.</source>
        <translation>HIL: MAG_DECL_DEG auf der Platine auf %L1° gesetzt, die Deklination des simulierten Feldes.</translation>
    </message>
    <message>
        <source>HIL stopped.</source>
        <translation>HIL beendet.</translation>
    </message>
</context>
<context>
    <name>navigator::InertiaInspector</name>
    <message>
        <source>PLA (printed solid)</source>
        <translation>PLA (massiv gedruckt)</translation>
    </message>
    <message>
        <source>PETG</source>
        <translation>PETG</translation>
    </message>
    <message>
        <source>ABS</source>
        <translation>ABS</translation>
    </message>
    <message>
        <source>Nylon PA12</source>
        <translation>Nylon PA12</translation>
    </message>
    <message>
        <source>Carbon-fibre laminate</source>
        <translation>Kohlefaser-Laminat</translation>
    </message>
    <message>
        <source>FR4 glass-fibre board</source>
        <translation>FR4-Glasfaserplatte</translation>
    </message>
    <message>
        <source>Aluminium 6061</source>
        <translation>Aluminium 6061</translation>
    </message>
    <message>
        <source>Water</source>
        <translation>Wasser</translation>
    </message>
    <message>
        <source>Open a mesh (File → Open Mesh…, or drop a file here).</source>
        <translation>Öffnen Sie ein Mesh (Datei → Mesh öffnen… oder eine Datei hierher ziehen).</translation>
    </message>
    <message>
        <source>metres (m)</source>
        <translation>Meter (m)</translation>
    </message>
    <message>
        <source>centimetres (cm)</source>
        <translation>Zentimeter (cm)</translation>
    </message>
    <message>
        <source>millimetres (mm)</source>
        <translation>Millimeter (mm)</translation>
    </message>
    <message>
        <source>inches (in)</source>
        <translation>Zoll (in)</translation>
    </message>
    <message>
        <source>Density</source>
        <translation>Dichte</translation>
    </message>
    <message>
        <source>Total mass</source>
        <translation>Gesamtmasse</translation>
    </message>
    <message>
        <source> kg/m³</source>
        <translation> kg/m³</translation>
    </message>
    <message>
        <source>Material…</source>
        <translation>Werkstoff…</translation>
    </message>
    <message>
        <source>%1 (%2 kg/m³)</source>
        <translation>%1 (%2 kg/m³)</translation>
    </message>
    <message>
        <source> kg</source>
        <translation> kg</translation>
    </message>
    <message>
        <source>Compute even if the mesh is not closed (result unreliable)</source>
        <translation>Auch berechnen, wenn das Mesh nicht geschlossen ist (Ergebnis unzuverlässig)</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>Alles kopieren</translation>
    </message>
    <message>
        <source>Copy the whole table as tab-separated text with full precision</source>
        <translation>Die ganze Tabelle als tabulatorgetrennten Text mit voller Genauigkeit kopieren</translation>
    </message>
    <message>
        <source>Mesh unit</source>
        <translation>Mesh-Einheit</translation>
    </message>
    <message>
        <source>Mass from</source>
        <translation>Masse aus</translation>
    </message>
    <message>
        <source>Mesh check</source>
        <translation>Mesh-Prüfung</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</translation>
    </message>
    <message>
        <source>%1
Still showing the previous mesh, %2.</source>
        <translation>%1
Es wird weiterhin das vorige Mesh angezeigt, %2.</translation>
    </message>
    <message>
        <source>No mesh loaded.</source>
        <translation>Kein Mesh geladen.</translation>
    </message>
    <message>
        <source>Triangles: %1 · shells: %2</source>
        <translation>Dreiecke: %1 · Hüllen: %2</translation>
    </message>
    <message>
        <source>Size %1 × %2 × %3 %4</source>
        <translation>Größe %1 × %2 × %3 %4</translation>
    </message>
    <message>
        <source>✔ Closed: every edge joins exactly two triangles.</source>
        <translation>✔ Geschlossen: Jede Kante verbindet genau zwei Dreiecke.</translation>
    </message>
    <message>
        <source>⚠ Not closed: %1 open edges, %2 edges shared by more than two triangles, %3 edges between flipped triangles. The mesh does not bound a solid, so the numbers are unreliable.</source>
        <translation>⚠ Nicht geschlossen: %1 offene Kanten, %2 Kanten an mehr als zwei Dreiecken, %3 Kanten zwischen umgedrehten Dreiecken. Das Mesh umschließt keinen Körper, die Zahlen sind daher unzuverlässig.</translation>
    </message>
    <message>
        <source>⚠ Inside out: the triangles are wound inward. The result has been corrected; fix the normals in your CAD export.</source>
        <translation>⚠ Nach innen gekehrt: Die Dreiecke sind nach innen orientiert. Das Ergebnis wurde korrigiert; bitte die Normalen im CAD-Export berichtigen.</translation>
    </message>
    <message>
        <source>ℹ Degenerate (zero-area) triangles: %1. They add nothing and were ignored.</source>
        <translation>ℹ Entartete Dreiecke (Fläche null): %1. Sie tragen nichts bei und wurden übergangen.</translation>
    </message>
    <message>
        <source>ℹ Points and lines in the file, ignored: %1.</source>
        <translation>ℹ Punkte und Linien in der Datei, übergangen: %1.</translation>
    </message>
    <message>
        <source>ℹ All three principal moments are equal within 0.01 %: every axis is a principal axis.</source>
        <translation>ℹ Alle drei Hauptträgheitsmomente sind auf 0,01 % gleich: Jede Achse ist eine Hauptachse.</translation>
    </message>
    <message>
        <source>ℹ Principal moments %1 and %2 are equal within 0.01 %: any axis in their plane is a principal axis.</source>
        <translation>ℹ Die Hauptträgheitsmomente %1 und %2 sind auf 0,01 % gleich: Jede Achse in ihrer Ebene ist eine Hauptachse.</translation>
    </message>
    <message>
        <source>x forward, y left, z up (CAD)</source>
        <translation>x vorn, y links, z oben (CAD)</translation>
    </message>
    <message>
        <source>x forward, y right, z down (FRD)</source>
        <translation>x vorn, y rechts, z unten (FRD)</translation>
    </message>
    <message>
        <source>How the mesh&apos;s axes lie on the vehicle: a CAD z-up mesh is turned half a turn about x</source>
        <translation>Wie die Achsen des Meshes am Fahrzeug liegen: Ein CAD-Mesh mit z nach oben wird um eine halbe Umdrehung um x gedreht</translation>
    </message>
    <message>
        <source>Fly with these mass properties</source>
        <translation>Mit diesen Masseeigenschaften fliegen</translation>
    </message>
    <message>
        <source>Give the simulated vehicle this mass, centre of mass and inertia tensor. Its rotors, IMU and feet stay where the airframe puts them, so the mesh must share the airframe&apos;s origin.</source>
        <translation>Dem simulierten Fahrzeug diese Masse, diesen Schwerpunkt und diesen Trägheitstensor geben. Rotoren, IMU und Füße bleiben, wo das Flugwerk sie vorsieht; das Mesh muss daher denselben Ursprung wie das Flugwerk haben.</translation>
    </message>
    <message>
        <source>Mesh axes</source>
        <translation>Mesh-Achsen</translation>
    </message>
    <message>
        <source>ℹ Welded within %1 %2 (4 float resolutions at the mesh&apos;s size): %3 vertices an exporter wrote twice with rounding apart.</source>
        <translation>ℹ Innerhalb von %1 %2 verschweißt (4 Float-Auflösungen bei der Größe des Netzes): %3 Eckpunkte, die ein Exporter zweimal mit Rundungsunterschied geschrieben hat.</translation>
    </message>
    <message>
        <source>Welded within %1 %2 where edges were open (4 float resolutions at the mesh&apos;s size).</source>
        <translation>Wo Kanten offen waren, innerhalb von %1 %2 verschweißt (4 Float-Auflösungen bei der Größe des Netzes).</translation>
    </message>
    <message>
        <source>Mesh files carry no unit: say which one the mesh was drawn in. Remembered for each file.</source>
        <translation>Netzdateien tragen keine Einheit: Geben Sie an, in welcher das Netz gezeichnet wurde. Wird für jede Datei gemerkt.</translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>%1 verwenden</translation>
    </message>
    <message>
        <source>In %1 this part is %2 across — no drone part is that small. It was most likely drawn in %3.</source>
        <translation>In %1 misst dieses Teil %2 — so klein ist kein Drohnenteil. Wahrscheinlich wurde es in %3 gezeichnet.</translation>
    </message>
    <message>
        <source>In %1 this part is %2 across — no drone part is that large. It was most likely drawn in %3.</source>
        <translation>In %1 misst dieses Teil %2 — so groß ist kein Drohnenteil. Wahrscheinlich wurde es in %3 gezeichnet.</translation>
    </message>
</context>
<context>
    <name>navigator::JoystickAxesView</name>
    <message>
        <source>No joystick</source>
        <translation>Kein Joystick</translation>
    </message>
    <message>
        <source>Axis %1</source>
        <translation>Achse %1</translation>
    </message>
</context>
<context>
    <name>navigator::JoystickCalibrationPage</name>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Deadband</source>
        <translation>Totzone</translation>
    </message>
    <message>
        <source>Expo</source>
        <translation>Expo</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>Fraction of the stick&apos;s half travel that reads as centre</source>
        <translation>Anteil des halben Knüppelwegs, der als Mitte gilt</translation>
    </message>
    <message>
        <source>0 linear, 1 cubic: softer around centre, full at the ends</source>
        <translation>0 linear, 1 kubisch: weicher um die Mitte, voller Ausschlag an den Enden</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Fertigstellen</translation>
    </message>
</context>
<context>
    <name>navigator::LivePlot</name>
    <message>
        <source>time [s]</source>
        <translation>Zeit [s]</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Autoscale Y</source>
        <translation>Y automatisch skalieren</translation>
    </message>
    <message>
        <source>Fit the y range to the data on show</source>
        <translation>Den y-Bereich an die angezeigten Daten anpassen</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Window length: how much history is kept and shown</source>
        <translation>Fensterlänge: wie viel Verlauf aufbewahrt und angezeigt wird</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export %1 as CSV</source>
        <translation>%1 als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
    </message>
    <message>
        <source>Pause: freeze the samples on show (recording goes on); then zoom with the wheel and pan by dragging. Resume jumps back to live.</source>
        <translation>Pause: die gezeigten Messwerte einfrieren (die Aufzeichnung läuft weiter); dann mit dem Mausrad zoomen und durch Ziehen verschieben. Fortsetzen springt zurück zur Live-Ansicht.</translation>
    </message>
    <message>
        <source>Y↕</source>
        <translation>Y↕</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Export the samples in the visible time range as CSV</source>
        <translation>Die Messwerte im sichtbaren Zeitbereich als CSV exportieren</translation>
    </message>
    <message>
        <source>%1 (dashed)</source>
        <translation>%1 (gestrichelt)</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n rows to %1</source>
        <translation>
            <numerusform>%n Zeile nach %1 gespeichert</numerusform>
            <numerusform>%n Zeilen nach %1 gespeichert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>navigator::LogDownload</name>
    <message>
        <source>idle</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>listing</source>
        <translation>Liste wird gelesen</translation>
    </message>
    <message>
        <source>downloading</source>
        <translation>wird heruntergeladen</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>stockt</translation>
    </message>
    <message>
        <source>link lost</source>
        <translation>Verbindung verloren</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>no vehicle is connected</source>
        <translation>kein Fahrzeug verbunden</translation>
    </message>
    <message>
        <source>the link to the vehicle is lost</source>
        <translation>die Verbindung zum Fahrzeug ist verloren</translation>
    </message>
    <message>
        <source>the list is being read</source>
        <translation>die Liste wird gerade gelesen</translation>
    </message>
    <message>
        <source>a download is running</source>
        <translation>ein Download läuft</translation>
    </message>
    <message>
        <source>The vehicle did not answer the log list (asked %1 times, %2 s apart): it may keep no logs, or not speak the MAVLink log protocol.</source>
        <translation>Das Fahrzeug hat auf die Log-Liste nicht geantwortet (%1-mal gefragt, im Abstand von %2 s): Es speichert vielleicht keine Logs oder spricht das MAVLink-Log-Protokoll nicht.</translation>
    </message>
    <message>
        <source>The vehicle keeps no logs.</source>
        <translation>Das Fahrzeug speichert keine Logs.</translation>
    </message>
    <message numerus="yes">
        <source>%n log(s) on the vehicle.</source>
        <translation>
            <numerusform>%n Log auf dem Fahrzeug.</numerusform>
            <numerusform>%n Logs auf dem Fahrzeug.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 logs listed: the vehicle never sent log %3 (asked %4 times).</source>
        <translation>%1 von %2 Logs aufgelistet: Das Fahrzeug hat Log %3 nie gesendet (%4-mal gefragt).</translation>
    </message>
    <message>
        <source>no folder is set for downloaded logs</source>
        <translation>für heruntergeladene Logs ist kein Ordner eingestellt</translation>
    </message>
    <message>
        <source>cannot create the log folder %1</source>
        <translation>der Log-Ordner %1 lässt sich nicht anlegen</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 lässt sich nicht anlegen: %2</translation>
    </message>
    <message>
        <source>log %1 is not in the vehicle&apos;s list: list the logs first</source>
        <translation>Log %1 steht nicht in der Liste des Fahrzeugs: erst die Logs auflisten</translation>
    </message>
    <message>
        <source>log %1 is empty (0 bytes): there is nothing to download</source>
        <translation>Log %1 ist leer (0 Bytes): es gibt nichts herunterzuladen</translation>
    </message>
    <message>
        <source>there is no stalled, lost or cancelled download to resume</source>
        <translation>es gibt keinen stockenden, verlorenen oder abgebrochenen Download zum Fortsetzen</translation>
    </message>
    <message>
        <source>the link to the vehicle is lost: the download goes on by itself when it is back</source>
        <translation>die Verbindung zum Fahrzeug ist verloren: der Download geht von selbst weiter, sobald sie wieder da ist</translation>
    </message>
    <message>
        <source>cannot open %1 again: %2</source>
        <translation>%1 lässt sich nicht wieder öffnen: %2</translation>
    </message>
    <message>
        <source>Listing cancelled.</source>
        <translation>Auflisten abgebrochen.</translation>
    </message>
    <message>
        <source>Download of log %1 cancelled. %2 Resume goes on from there.</source>
        <translation>Download von Log %1 abgebrochen. %2 Fortsetzen macht dort weiter.</translation>
    </message>
    <message>
        <source>The vehicle sent bytes up to %1 of log %2, which it listed as %3 bytes: its list and its data disagree, so the download stopped. %4</source>
        <translation>Das Fahrzeug hat Bytes bis %1 von Log %2 gesendet, das es mit %3 Bytes aufgelistet hatte: Liste und Daten widersprechen sich, deshalb wurde der Download angehalten. %4</translation>
    </message>
    <message>
        <source>The vehicle ended log %1 at byte %2, though it listed %3 bytes: the log on board is shorter than listed (or was cut). %4</source>
        <translation>Das Fahrzeug hat Log %1 bei Byte %2 beendet, obwohl es %3 Bytes aufgelistet hatte: Das Log an Bord ist kürzer als angegeben (oder abgeschnitten). %4</translation>
    </message>
    <message>
        <source>Could not write %1 at byte %2: %3.</source>
        <translation>%1 ließ sich bei Byte %2 nicht schreiben: %3.</translation>
    </message>
    <message>
        <source>Log %1 stalled: the vehicle sent nothing for %2 s though asked again every %3 s. %4 Resume asks for the rest.</source>
        <translation>Log %1 stockt: Das Fahrzeug hat %2 s lang nichts gesendet, obwohl alle %3 s erneut gefragt wurde. %4 Fortsetzen fragt nach dem Rest.</translation>
    </message>
    <message>
        <source>The link to the vehicle was lost while listing its logs.</source>
        <translation>Die Verbindung zum Fahrzeug ging beim Auflisten seiner Logs verloren.</translation>
    </message>
    <message>
        <source>The link to the vehicle was lost during log %1. %2 The download goes on when the vehicle is heard again.</source>
        <translation>Die Verbindung zum Fahrzeug ging während Log %1 verloren. %2 Der Download geht weiter, sobald das Fahrzeug wieder zu hören ist.</translation>
    </message>
    <message>
        <source>%1 of %2 bytes are kept in %3.</source>
        <translation>%1 von %2 Bytes sind in %3 gesichert.</translation>
    </message>
    <message>
        <source>Log %1 is complete in %2 but could not be renamed to %3.</source>
        <translation>Log %1 ist vollständig in %2, ließ sich aber nicht in %3 umbenennen.</translation>
    </message>
    <message>
        <source>Log %1 downloaded: %2 bytes in %3.</source>
        <translation>Log %1 heruntergeladen: %2 Bytes in %3.</translation>
    </message>
    <message>
        <source>Navigator&apos;s firmware keeps no logs on board: the station records its flights itself</source>
        <translation>Navigators Firmware speichert keine Logs an Bord: Die Station zeichnet ihre Flüge selbst auf</translation>
    </message>
    <message>
        <source>no file of %1 bytes in the vehicle&apos;s log folders</source>
        <translation>keine Datei mit %1 Bytes in den Log-Ordnern des Fahrzeugs</translation>
    </message>
    <message>
        <source>could not write %1 at byte %2: %3</source>
        <translation>%1 konnte bei Byte %2 nicht geschrieben werden: %3</translation>
    </message>
    <message>
        <source>Over MAVLink FTP from %1.</source>
        <translation>Über MAVLink-FTP aus %1.</translation>
    </message>
    <message>
        <source>Over the MAVLink log protocol (MAVLink FTP: %1).</source>
        <translation>Über das MAVLink-Log-Protokoll (MAVLink-FTP: %1).</translation>
    </message>
    <message>
        <source>Over the MAVLink log protocol.</source>
        <translation>Über das MAVLink-Log-Protokoll.</translation>
    </message>
</context>
<context>
    <name>navigator::LogLibrary</name>
    <message>
        <source>offset %1: %2</source>
        <translation>Offset %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n messages)</source>
        <translation>
            <numerusform>%1 (%n Nachricht)</numerusform>
            <numerusform>%1 (%n Nachrichten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Give the log a name.</source>
        <translation>Dem Log einen Namen geben.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a file name: a log is renamed within its folder.</source>
        <translation>„%1“ ist kein Dateiname: Ein Log wird innerhalb seines Ordners umbenannt.</translation>
    </message>
    <message>
        <source>%1 is no longer there.</source>
        <translation>%1 ist nicht mehr vorhanden.</translation>
    </message>
    <message>
        <source>A file named %1 is already in %2.</source>
        <translation>In %2 gibt es bereits eine Datei namens %1.</translation>
    </message>
    <message>
        <source>Could not rename %1 to %2.</source>
        <translation>%1 konnte nicht in %2 umbenannt werden.</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>%1 konnte nicht gelöscht werden: %2</translation>
    </message>
    <message>
        <source>An export is still being written.</source>
        <translation>Ein Export wird noch geschrieben.</translation>
    </message>
    <message>
        <source>%1 has no topic %2.</source>
        <translation>%1 enthält kein Topic %2.</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n rows of %1 to %2.</source>
        <translation>
            <numerusform>%n Zeile von %1 nach %2 geschrieben.</numerusform>
            <numerusform>%n Zeilen von %1 nach %2 geschrieben.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>navigator::LogOverlayView</name>
    <message>
        <source>Attitude</source>
        <translation>Lage</translation>
    </message>
    <message>
        <source>time from the log&apos;s start [s]</source>
        <translation>Zeit ab Beginn des Logs [s]</translation>
    </message>
    <message>
        <source>angle [deg]</source>
        <translation>Winkel [°]</translation>
    </message>
    <message>
        <source>Motor duty</source>
        <translation>Motor-Tastgrad</translation>
    </message>
    <message>
        <source>duty [%]</source>
        <translation>Tastgrad [%]</translation>
    </message>
    <message>
        <source>Overlay… shows a second log against the one open: the attitude and the motor duties of both against the time from each log&apos;s start.</source>
        <translation>Überlagern… zeigt ein zweites Log neben dem geöffneten: Lage und Motor-Tastgrade beider über der Zeit ab Beginn des jeweiligen Logs.</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 motor %2</source>
        <translation>%1 Motor %2</translation>
    </message>
    <message>
        <source>A, solid: %1 (%2 s)   ·   B, dashed: %3 (%4 s)   ·   time from each log&apos;s start</source>
        <translation>A, durchgezogen: %1 (%2 s)   ·   B, gestrichelt: %3 (%4 s)   ·   Zeit ab Beginn des jeweiligen Logs</translation>
    </message>
</context>
<context>
    <name>navigator::LogReplayView</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiteres</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>No log open: choose a flight above, or Open File… for any ULog file.</source>
        <translation>Kein Log geöffnet: oben einen Flug wählen, oder „Datei öffnen…“ für eine beliebige ULog-Datei.</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>Überlagerung</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; — %2, %3, %4 · pose from %5 (%n samples)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; — %2, %3, %4 · Pose aus %5 (%n Messwert)</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; — %2, %3, %4 · Pose aus %5 (%n Messwerte)</numerusform>
        </translation>
    </message>
    <message>
        <source> · not in this log: %1</source>
        <translation> · nicht in diesem Log: %1</translation>
    </message>
</context>
<context>
    <name>navigator::LogsPage</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Airframe</source>
        <translation>Flugwerk</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Double-click a flight to replay it</source>
        <translation>Doppelklick auf einen Flug spielt ihn ab</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Replay the selected flight</source>
        <translation>Den ausgewählten Flug abspielen</translation>
    </message>
    <message>
        <source>Open File…</source>
        <translation>Datei öffnen…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Write one topic of the selected log as CSV</source>
        <translation>Ein Topic des ausgewählten Logs als CSV schreiben</translation>
    </message>
    <message>
        <source>Overlay…</source>
        <translation>Überlagern…</translation>
    </message>
    <message>
        <source>Compare another log with the one open (before and after a tune)</source>
        <translation>Ein weiteres Log mit dem geöffneten vergleichen (vor und nach dem Abstimmen)</translation>
    </message>
    <message>
        <source>Log Folder…</source>
        <translation>Log-Ordner…</translation>
    </message>
    <message>
        <source>Where flights are recorded and listed from (default: %1)</source>
        <translation>Wo Flüge aufgezeichnet und von wo sie aufgelistet werden (Standard: %1)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Opening cancelled.</source>
        <translation>Öffnen abgebrochen.</translation>
    </message>
    <message>
        <source>Overlaid %1 on the log open.</source>
        <translation>%1 über das geöffnete Log gelegt.</translation>
    </message>
    <message>
        <source>Log folder: %1</source>
        <translation>Log-Ordner: %1</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>wird gelesen…</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>Read with problems: %1</source>
        <translation>Mit Problemen gelesen: %1</translation>
    </message>
    <message>
        <source>Date: the file&apos;s time (the log does not say when it began)</source>
        <translation>Datum: die Zeit der Datei (das Log sagt nicht, wann es begann)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Open a log first: the overlay compares another log with it.</source>
        <translation>Zuerst ein Log öffnen: Die Überlagerung vergleicht ein weiteres Log damit.</translation>
    </message>
    <message>
        <source>Open Flight Log</source>
        <translation>Flug-Log öffnen</translation>
    </message>
    <message>
        <source>Overlay a Flight Log</source>
        <translation>Ein Flug-Log überlagern</translation>
    </message>
    <message>
        <source>Rename Log</source>
        <translation>Log umbenennen</translation>
    </message>
    <message>
        <source>Renamed %1 to %2.</source>
        <translation>%1 in %2 umbenannt.</translation>
    </message>
    <message>
        <source>Delete Log</source>
        <translation>Log löschen</translation>
    </message>
    <message>
        <source>Delete %1?
The file is removed from %2; this cannot be undone.</source>
        <translation>%1 löschen?
Die Datei wird aus %2 entfernt; das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Kept %1.</source>
        <translation>%1 behalten.</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>%1 gelöscht.</translation>
    </message>
    <message>
        <source>Writing %1 of %2 to %3…</source>
        <translation>%1 von %2 wird nach %3 geschrieben…</translation>
    </message>
    <message>
        <source>Log Folder</source>
        <translation>Log-Ordner</translation>
    </message>
    <message>
        <source>Cannot use %1 for flight logs: it cannot be created.</source>
        <translation>%1 kann nicht für Flug-Logs verwendet werden: Der Ordner lässt sich nicht anlegen.</translation>
    </message>
    <message>
        <source>Flights are recorded in and listed from %1.</source>
        <translation>Flüge werden in %1 aufgezeichnet und von dort aufgelistet.</translation>
    </message>
    <message>
        <source>%1 was read with problems (what follows them is shown): %2</source>
        <translation>%1 wurde mit Problemen gelesen (was danach folgt, wird gezeigt): %2</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <source>Replay any ULog file, Navigator&apos;s or PX4&apos;s, or an ArduPilot DataFlash log (.bin)</source>
        <translation>Jede ULog-Datei wiedergeben, von Navigator oder PX4, oder ein ArduPilot-DataFlash-Log (.bin)</translation>
    </message>
    <message>
        <source>Flight logs (*.ulg *.bin);;All files (*)</source>
        <translation>Flugprotokolle (*.ulg *.bin);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>New name for %1 (%2 is kept):</source>
        <translation>Neuer Name für %1 (%2 bleibt):</translation>
    </message>
</context>
<context>
    <name>navigator::MainWindow</name>
    <message>
        <source>Navigator</source>
        <translation>Navigator</translation>
    </message>
    <message>
        <source>Inertia Inspector</source>
        <translation>Trägheits-Inspektor</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Could not open the mesh</source>
        <translation>Das Mesh konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Cancelled reading %1</source>
        <translation>Lesen von %1 abgebrochen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Mesh…</source>
        <translation>Mesh ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Sample S500 Frame (drawn in mm)</source>
        <translation>&amp;Beispielrahmen S500 öffnen (in mm gezeichnet)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Navigator</source>
        <translation>Ü&amp;ber Navigator</translation>
    </message>
    <message>
        <source>About Navigator</source>
        <translation>Über Navigator</translation>
    </message>
    <message>
        <source>%1 — Navigator</source>
        <translation>%1 — Navigator</translation>
    </message>
    <message>
        <source>Read %1</source>
        <translation>%1 gelesen</translation>
    </message>
    <message>
        <source>Open Mesh</source>
        <translation>Mesh öffnen</translation>
    </message>
    <message>
        <source>Meshes (*.stl *.obj *.ply *.gltf *.glb *.off *.3mf *.dae *.fbx);;All files (*)</source>
        <translation>Meshes (*.stl *.obj *.ply *.gltf *.glb *.off *.3mf *.dae *.fbx);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Fly</source>
        <translation>Fliegen</translation>
    </message>
    <message>
        <source>The simulation did not start: %1</source>
        <translation>Die Simulation ist nicht gestartet: %1</translation>
    </message>
    <message>
        <source>Fly with these mass properties</source>
        <translation>Mit diesen Masseeigenschaften fliegen</translation>
    </message>
    <message>
        <source>The vehicle cannot fly with these mass properties:
%1</source>
        <translation>Mit diesen Masseeigenschaften kann das Fahrzeug nicht fliegen:
%1</translation>
    </message>
    <message>
        <source>Nothing to fly: the simulation is not running (started without it, or it failed).</source>
        <translation>Nichts zu fliegen: Die Simulation läuft nicht (ohne sie gestartet, oder sie ist fehlgeschlagen).</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Flash Firmware…</source>
        <translation>Firmware &amp;flashen…</translation>
    </message>
    <message>
        <source>Cannot attach to the simulator in %1: %2</source>
        <translation>Verbindung mit dem Simulator in %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>The attached simulator in %1 keeps the airframe it was started with; start Navigator without --attach to fly these mass properties.</source>
        <translation>Der verbundene Simulator in %1 behält das Flugwerk, mit dem er gestartet wurde; Navigator ohne --attach starten, um mit diesen Masseeigenschaften zu fliegen.</translation>
    </message>
    <message>
        <source>&amp;Keyboard and Mouse</source>
        <translation>&amp;Tastatur und Maus</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Tune</source>
        <translation>Abstimmen</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Flugprotokolle</translation>
    </message>
    <message>
        <source>Fly the &amp;Airframe&apos;s Own Mass Properties</source>
        <translation>Mit den &amp;Masseeigenschaften des Fluggeräts fliegen</translation>
    </message>
    <message>
        <source>Flying the airframe&apos;s own mass properties (%1 kg)</source>
        <translation>Fliegt mit den Masseeigenschaften des Fluggeräts (%1 kg)</translation>
    </message>
    <message>
        <source>Navigator will not fly these mass properties (%1 kg):
%2</source>
        <translation>Navigator fliegt diese Masseeigenschaften nicht (%1 kg):
%2</translation>
    </message>
    <message>
        <source>%1

Fly %2 kg anyway?</source>
        <translation>%1

Trotzdem mit %2 kg fliegen?</translation>
    </message>
    <message>
        <source>Flying %1 kg with the inspector&apos;s inertia tensor (Tools → Fly the Airframe&apos;s Own Mass Properties goes back)</source>
        <translation>Fliegt %1 kg mit dem Trägheitstensor des Inspektors (Werkzeuge → Mit den Masseeigenschaften des Fluggeräts fliegen kehrt zurück)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Navigator %1&lt;/b&gt;&lt;p&gt;Ground station with an embedded multirotor simulator.&lt;/p&gt;&lt;p&gt;Keys and mouse: Help → Keyboard and Mouse (F1). The user guide: Help → User Guide (%2).&lt;/p&gt;</source>
        <translation>&lt;b&gt;Navigator %1&lt;/b&gt;&lt;p&gt;Bodenstation mit eingebautem Multikopter-Simulator.&lt;/p&gt;&lt;p&gt;Tasten und Maus: Hilfe → Tastatur und Maus (F1). Das Benutzerhandbuch: Hilfe → Benutzerhandbuch (%2).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The airframe the simulation flies: click to choose another</source>
        <translation>Das Fluggerät, das die Simulation fliegt: Klicken, um ein anderes zu wählen</translation>
    </message>
    <message>
        <source>Choose &amp;Airframe…</source>
        <translation>Fluggerät &amp;wählen…</translation>
    </message>
    <message>
        <source>The airframe chosen last, %1, is gone: flying the S500 instead.</source>
        <translation>Das zuletzt gewählte Fluggerät, %1, gibt es nicht mehr: Stattdessen fliegt die S500.</translation>
    </message>
    <message>
        <source>Airframe: %1</source>
        <translation>Fluggerät: %1</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>ohne Namen</translation>
    </message>
    <message>
        <source>The vehicle is armed. Land and disarm it first: another airframe starts the simulation again, on the ground with its motors stopped.</source>
        <translation>Das Fahrzeug ist scharf. Zuerst landen und entschärfen: Ein anderes Fluggerät startet die Simulation neu, am Boden mit stehenden Motoren.</translation>
    </message>
    <message>
        <source>HIL flies the airframe on the board: stop HIL first.</source>
        <translation>HIL fliegt das Fluggerät auf dem Board: Beenden Sie zuerst HIL.</translation>
    </message>
    <message>
        <source>The simulation is starting again with the airframe chosen a moment ago.</source>
        <translation>Die Simulation startet gerade neu mit dem eben gewählten Fluggerät.</translation>
    </message>
    <message>
        <source>The attached simulator in %1 flies the airframe it was started with; start it again with the other airframe (scripts/sitl.sh --airframe), or start Navigator without --attach.</source>
        <translation>Der angeschlossene Simulator in %1 fliegt das Fluggerät, mit dem er gestartet wurde; starten Sie ihn mit dem anderen Fluggerät neu (scripts/sitl.sh --airframe), oder starten Sie Navigator ohne --attach.</translation>
    </message>
    <message>
        <source>%1 did not start (%2): flying %3 again</source>
        <translation>%1 ist nicht gestartet (%2): Es fliegt wieder %3</translation>
    </message>
    <message>
        <source>Flying %1 (%2), on the ground, disarmed</source>
        <translation>Fliegt %1 (%2), am Boden, entschärft</translation>
    </message>
    <message>
        <source>Vehicle Setup</source>
        <translation>Fahrzeugeinrichtung</translation>
    </message>
    <message>
        <source>%1: %2 rotors, numbered as the firmware&apos;s motor outputs</source>
        <translation>%1: %2 Rotoren, nummeriert wie die Motorausgänge der Firmware</translation>
    </message>
    <message>
        <source>&amp;MAVLink Inspector</source>
        <translation>&amp;MAVLink-Inspektor</translation>
    </message>
</context>
<context>
    <name>navigator::MassPropertiesTable</name>
    <message>
        <source>Quantity</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <source>z</source>
        <translation>z</translation>
    </message>
    <message>
        <source>Mass [kg]</source>
        <translation>Masse [kg]</translation>
    </message>
    <message>
        <source>Volume [m³]</source>
        <translation>Volumen [m³]</translation>
    </message>
    <message>
        <source>Density [kg/m³]</source>
        <translation>Dichte [kg/m³]</translation>
    </message>
    <message>
        <source>Centre of mass [m]</source>
        <translation>Schwerpunkt [m]</translation>
    </message>
    <message>
        <source>Inertia row x [kg·m²]</source>
        <translation>Trägheit Zeile x [kg·m²]</translation>
    </message>
    <message>
        <source>Inertia row y [kg·m²]</source>
        <translation>Trägheit Zeile y [kg·m²]</translation>
    </message>
    <message>
        <source>Inertia row z [kg·m²]</source>
        <translation>Trägheit Zeile z [kg·m²]</translation>
    </message>
    <message>
        <source>Principal moments [kg·m²]</source>
        <translation>Hauptträgheitsmomente [kg·m²]</translation>
    </message>
    <message>
        <source>Principal axis 1 (red)</source>
        <translation>Hauptachse 1 (rot)</translation>
    </message>
    <message>
        <source>Principal axis 2 (green)</source>
        <translation>Hauptachse 2 (grün)</translation>
    </message>
    <message>
        <source>Principal axis 3 (blue)</source>
        <translation>Hauptachse 3 (blau)</translation>
    </message>
    <message>
        <source>Inertia about the centre of mass; off-diagonal entries are the negated products −∫xy dm. Ctrl+C copies the selection with full precision.</source>
        <translation>Trägheit um den Schwerpunkt; die Nebendiagonale enthält die negierten Deviationsmomente −∫xy dm. Strg+C kopiert die Auswahl mit voller Genauigkeit.</translation>
    </message>
    <message>
        <source>Unreliable: the mesh is not closed</source>
        <translation>Unzuverlässig: Das Mesh ist nicht geschlossen</translation>
    </message>
</context>
<context>
    <name>navigator::MavlinkInspector</name>
    <message>
        <source>%1 · system %2 · component %3</source>
        <translation>%1 · System %2 · Komponente %3</translation>
    </message>
    <message>
        <source>MAVLink Inspector</source>
        <translation>MAVLink-Inspektor</translation>
    </message>
    <message>
        <source>System / message</source>
        <translation>System / Nachricht</translation>
    </message>
    <message>
        <source>Rate [Hz]</source>
        <translation>Rate [Hz]</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Freeze</source>
        <translation>Einfrieren</translation>
    </message>
    <message>
        <source>Hold what is shown to read it; frames are still counted</source>
        <translation>Die Anzeige zum Lesen anhalten; Frames werden weiter gezählt</translation>
    </message>
    <message>
        <source>Frozen: press to go on</source>
        <translation>Eingefroren: zum Fortsetzen drücken</translation>
    </message>
    <message>
        <source>Autopilot link</source>
        <translation>Autopilot-Verbindung</translation>
    </message>
    <message>
        <source>SITL link</source>
        <translation>SITL-Verbindung</translation>
    </message>
    <message>
        <source>Board link</source>
        <translation>Board-Verbindung</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) from %1 source(s); %2 frames</source>
        <translation>
            <numerusform>%n Nachricht von %1 Quelle(n); %2 Frames</numerusform>
            <numerusform>%n Nachrichten von %1 Quelle(n); %2 Frames</numerusform>
        </translation>
    </message>
    <message>
        <source>payload (hex; checksum verified)</source>
        <translation>Nutzdaten (hex; Prüfsumme bestätigt)</translation>
    </message>
    <message>
        <source>payload (hex; not verifiable)</source>
        <translation>Nutzdaten (hex; nicht prüfbar)</translation>
    </message>
</context>
<context>
    <name>navigator::MeshLoader</name>
    <message>
        <source>Reading %1</source>
        <translation>Lese %1</translation>
    </message>
    <message>
        <source>Checking and integrating %1 triangles</source>
        <translation>Prüfe und integriere %1 Dreiecke</translation>
    </message>
</context>
<context>
    <name>navigator::MeshView3D</name>
    <message>
        <source>3-D view of the mesh</source>
        <translation>3-D-Ansicht des Meshes</translation>
    </message>
    <message>
        <source>Drag (left or right button) to orbit around the part, wheel to zoom; double-click to fit the whole part again.</source>
        <translation>Ziehen (linke oder rechte Taste) kreist um das Teil, das Mausrad zoomt; Doppelklick zeigt wieder das ganze Teil.</translation>
    </message>
</context>
<context>
    <name>navigator::MotorTest</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>no vehicle is connected</source>
        <translation>kein Fahrzeug verbunden</translation>
    </message>
    <message>
        <source>the vehicle is armed: a motor test runs only disarmed</source>
        <translation>das Fahrzeug ist scharf: ein Motortest läuft nur entschärft</translation>
    </message>
    <message>
        <source>confirm the propellers are off first</source>
        <translation>bestätigen Sie zuerst, dass die Propeller abgenommen sind</translation>
    </message>
    <message>
        <source>motor %1 does not exist: this airframe has motors 1 to %2</source>
        <translation>Motor %1 gibt es nicht: dieses Flugwerk hat die Motoren 1 bis %2</translation>
    </message>
    <message>
        <source>throttle %1 % is outside 0-100 %</source>
        <translation>Gas %1 % liegt außerhalb von 0-100 %</translation>
    </message>
    <message>
        <source>%1 s is outside 0.1-%2 s</source>
        <translation>%1 s liegt außerhalb von 0,1-%2 s</translation>
    </message>
    <message>
        <source>Motor %1 test</source>
        <translation>Motortest %1</translation>
    </message>
    <message>
        <source>ArduPilot numbers the motors in its test order: 1 (A) is the front-right motor, then clockwise seen from above, whatever output each is on.</source>
        <translation>ArduPilot nummeriert die Motoren in seiner Testreihenfolge: 1 (A) ist der Motor vorne rechts, dann im Uhrzeigersinn von oben gesehen, gleich an welchem Ausgang jeder hängt.</translation>
    </message>
    <message>
        <source>PX4 numbers the motors as its actuator setup does (Motor 1, Motor 2, …).</source>
        <translation>PX4 nummeriert die Motoren wie seine Aktor-Einrichtung (Motor 1, Motor 2, …).</translation>
    </message>
    <message>
        <source>Motors are numbered by the board&apos;s outputs, as in the layout above.</source>
        <translation>Die Motoren sind nach den Ausgängen der Platine nummeriert, wie in der Anordnung oben.</translation>
    </message>
    <message>
        <source>PX4 runs one motor test for %1 s at most</source>
        <translation>PX4 führt einen Motortest höchstens %1 s lang aus</translation>
    </message>
</context>
<context>
    <name>navigator::MotorsSetup</name>
    <message>
        <source>The propellers are off</source>
        <translation>Die Propeller sind abgenommen</translation>
    </message>
    <message>
        <source>Spin</source>
        <translation>Drehen</translation>
    </message>
    <message>
        <source>Motor</source>
        <translation>Motor</translation>
    </message>
    <message>
        <source>Throttle</source>
        <translation>Gas</translation>
    </message>
    <message>
        <source>For</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>A motor test spins a motor of a disarmed vehicle. Take the propellers off first: the vehicle does not hold itself down.</source>
        <translation>Ein Motortest lässt einen Motor eines entschärften Fahrzeugs drehen. Nehmen Sie zuerst die Propeller ab: Das Fahrzeug hält sich nicht selbst am Boden.</translation>
    </message>
    <message>
        <source>Motor %1 spins: %2</source>
        <translation>Motor %1 dreht: %2</translation>
    </message>
    <message>
        <source>Motor %1 not tested: %2</source>
        <translation>Motor %1 nicht getestet: %2</translation>
    </message>
    <message>
        <source>Motor %1: asking the vehicle…</source>
        <translation>Motor %1: Anfrage an das Fahrzeug…</translation>
    </message>
</context>
<context>
    <name>navigator::OrientationPicture</name>
    <message>
        <source>Level</source>
        <translation>Waagerecht</translation>
    </message>
    <message>
        <source>Upside down</source>
        <translation>Kopfüber</translation>
    </message>
    <message>
        <source>Left side down</source>
        <translation>Nach links gekippt</translation>
    </message>
    <message>
        <source>Right side down</source>
        <translation>Nach rechts gekippt</translation>
    </message>
    <message>
        <source>Nose down</source>
        <translation>Nach vorn gekippt</translation>
    </message>
    <message>
        <source>Tail down</source>
        <translation>Nach hinten gekippt</translation>
    </message>
    <message>
        <source>level</source>
        <comment>inside a sentence</comment>
        <translation>waagerecht</translation>
    </message>
    <message>
        <source>upside down</source>
        <comment>inside a sentence</comment>
        <translation>kopfüber</translation>
    </message>
    <message>
        <source>left side down</source>
        <comment>inside a sentence</comment>
        <translation>linke Seite nach unten</translation>
    </message>
    <message>
        <source>right side down</source>
        <comment>inside a sentence</comment>
        <translation>rechte Seite nach unten</translation>
    </message>
    <message>
        <source>nose down</source>
        <comment>inside a sentence</comment>
        <translation>Nase nach unten</translation>
    </message>
    <message>
        <source>tail down</source>
        <comment>inside a sentence</comment>
        <translation>Heck nach unten</translation>
    </message>
</context>
<context>
    <name>navigator::ParamClient</name>
    <message>
        <source>Cannot read the parameters: no vehicle connected</source>
        <translation>Die Parameter können nicht gelesen werden: kein Fahrzeug verbunden</translation>
    </message>
    <message numerus="yes">
        <source>No answer to the parameter list request after %n tries</source>
        <translation>
            <numerusform>Keine Antwort auf die Anforderung der Parameterliste nach %n Versuch</numerusform>
            <numerusform>Keine Antwort auf die Anforderung der Parameterliste nach %n Versuchen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Parameter list incomplete: %1 of %2 received; indices %3 still missing after %n re-reads</source>
        <translation>
            <numerusform>Parameterliste unvollständig: %1 von %2 empfangen; Indizes %3 fehlen nach %n erneuten Lesedurchgang noch</numerusform>
            <numerusform>Parameterliste unvollständig: %1 von %2 empfangen; Indizes %3 fehlen nach %n erneuten Lesedurchgängen noch</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>%1 = %2 refused, vehicle kept %3</source>
        <translation>%1 = %2 abgelehnt, Fahrzeug behält %3</translation>
    </message>
    <message>
        <source>%1: no vehicle connected</source>
        <translation>%1: kein Fahrzeug verbunden</translation>
    </message>
    <message>
        <source>%1: a parameter name has at most 16 characters</source>
        <translation>%1: Ein Parametername hat höchstens 16 Zeichen</translation>
    </message>
    <message>
        <source>%1: unknown parameter (read the parameter list first)</source>
        <translation>%1: unbekannter Parameter (zuerst die Parameterliste lesen)</translation>
    </message>
    <message>
        <source>%1: the value is not a finite number</source>
        <translation>%1: Der Wert ist keine endliche Zahl</translation>
    </message>
    <message>
        <source>%1 is an integer parameter; %2 is not a whole number</source>
        <translation>%1 ist ein Ganzzahl-Parameter; %2 ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>%1: %2 does not fit the parameter&apos;s integer type</source>
        <translation>%1: %2 passt nicht in den Ganzzahltyp des Parameters</translation>
    </message>
    <message numerus="yes">
        <source>%1: no answer from the vehicle after %n tries</source>
        <translation>
            <numerusform>%1: keine Antwort vom Fahrzeug nach %n Versuch</numerusform>
            <numerusform>%1: keine Antwort vom Fahrzeug nach %n Versuchen</numerusform>
        </translation>
    </message>
    <message>
        <source>unreadable (type %1)</source>
        <translation>nicht lesbar (Typ %1)</translation>
    </message>
    <message>
        <source>type %1</source>
        <translation>Typ %1</translation>
    </message>
    <message>
        <source>C cast, as the vehicle&apos;s AUTOPILOT_VERSION declares</source>
        <translation>C-Cast, wie AUTOPILOT_VERSION des Fahrzeugs angibt</translation>
    </message>
    <message>
        <source>bytewise, as the vehicle&apos;s AUTOPILOT_VERSION declares</source>
        <translation>byteweise, wie AUTOPILOT_VERSION des Fahrzeugs angibt</translation>
    </message>
    <message>
        <source>%1 by its autopilot (HEARTBEAT); AUTOPILOT_VERSION declares no single encoding (capabilities 0x%2)</source>
        <translation>%1 nach seinem Autopiloten (HEARTBEAT); AUTOPILOT_VERSION gibt keine eindeutige Kodierung an (Fähigkeiten 0x%2)</translation>
    </message>
    <message>
        <source>C cast</source>
        <translation>C-Cast</translation>
    </message>
    <message>
        <source>bytewise</source>
        <translation>byteweise</translation>
    </message>
    <message>
        <source>C cast, as ArduPilot&apos;s (HEARTBEAT autopilot %1)</source>
        <translation>C-Cast, wie bei ArduPilot (HEARTBEAT-Autopilot %1)</translation>
    </message>
    <message>
        <source>bytewise (HEARTBEAT autopilot %1)</source>
        <translation>byteweise (HEARTBEAT-Autopilot %1)</translation>
    </message>
    <message>
        <source>%1: the vehicle sent a value of type %2, which PARAM_VALUE&apos;s 4-byte field cannot carry; not taken</source>
        <translation>%1: Das Fahrzeug hat einen Wert vom Typ %2 gesendet, den das 4-Byte-Feld von PARAM_VALUE nicht fassen kann; nicht übernommen</translation>
    </message>
    <message>
        <source>%1: the vehicle sent a value that is not a number; not taken</source>
        <translation>%1: Das Fahrzeug hat einen Wert gesendet, der keine Zahl ist; nicht übernommen</translation>
    </message>
    <message>
        <source>%1: %2 cannot reach the vehicle exactly: its autopilot carries integers as a float, which holds whole numbers beyond 16777216 only in steps of %3; the nearest it can hold are %4 and %5</source>
        <translation>%1: %2 kann das Fahrzeug nicht exakt erreichen: Sein Autopilot überträgt Ganzzahlen als Float, der ganze Zahlen über 16777216 nur in Schritten von %3 darstellen kann; am nächsten liegen %4 und %5</translation>
    </message>
    <message>
        <source>%1 has type %2, which PARAM_SET&apos;s 4-byte field cannot carry</source>
        <translation>%1 hat den Typ %2, den das 4-Byte-Feld von PARAM_SET nicht fassen kann</translation>
    </message>
</context>
<context>
    <name>navigator::ParamFileDialog</name>
    <message>
        <source>QGroundControl</source>
        <translation>QGroundControl</translation>
    </message>
    <message>
        <source>Mission Planner</source>
        <translation>Mission Planner</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s); a QGroundControl line has 5 separated by tabs: vehicle, component, name, value, type</source>
        <translation>
            <numerusform>%n Feld; eine QGroundControl-Zeile hat 5, durch Tabulatoren getrennt: Fahrzeug, Komponente, Name, Wert, Typ</numerusform>
            <numerusform>%n Felder; eine QGroundControl-Zeile hat 5, durch Tabulatoren getrennt: Fahrzeug, Komponente, Name, Wert, Typ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n field(s); a Mission Planner line has 2: NAME,VALUE</source>
        <translation>
            <numerusform>%n Feld; eine Mission-Planner-Zeile hat 2: NAME,WERT</numerusform>
            <numerusform>%n Felder; eine Mission-Planner-Zeile hat 2: NAME,WERT</numerusform>
        </translation>
    </message>
    <message>
        <source>a %1 line in a %2 file</source>
        <translation>eine %1-Zeile in einer %2-Datei</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a vehicle or component id (0 … 255)</source>
        <translation>%1: „%2“ ist keine Fahrzeug- oder Komponenten-ID (0 … 255)</translation>
    </message>
    <message>
        <source>no parameter name</source>
        <translation>kein Parametername</translation>
    </message>
    <message>
        <source>%1: a parameter name has at most 16 characters</source>
        <translation>%1: ein Parametername hat höchstens 16 Zeichen</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1: „%2“ ist keine Zahl</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a finite number</source>
        <translation>%1: „%2“ ist keine endliche Zahl</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a MAV_PARAM_TYPE (1 … 10)</source>
        <translation>%1: „%2“ ist kein MAV_PARAM_TYPE (1 … 10)</translation>
    </message>
    <message>
        <source>%1: %2 is not a whole number, and its type is an integer</source>
        <translation>%1: %2 ist keine ganze Zahl, sein Typ ist aber ganzzahlig</translation>
    </message>
    <message>
        <source>%1: %2 does not fit its integer type</source>
        <translation>%1: %2 passt nicht in seinen Ganzzahltyp</translation>
    </message>
    <message>
        <source>%1 again (first on line %2); this line is left out</source>
        <translation>%1 noch einmal (zuerst in Zeile %2); diese Zeile wird ausgelassen</translation>
    </message>
    <message>
        <source>not a finite number for a %1</source>
        <translation>keine endliche Zahl für einen %1</translation>
    </message>
    <message>
        <source>not a whole number, and the vehicle&apos;s %1 is an integer</source>
        <translation>keine ganze Zahl, und %1 des Fahrzeugs ist ganzzahlig</translation>
    </message>
    <message>
        <source>does not fit the vehicle&apos;s %1</source>
        <translation>passt nicht in %1 des Fahrzeugs</translation>
    </message>
    <message>
        <source>outside the range the vehicle&apos;s metadata gives</source>
        <translation>außerhalb des Bereichs, den die Metadaten des Fahrzeugs angeben</translation>
    </message>
    <message>
        <source>this autopilot carries integers as a float, which cannot hold this one exactly (beyond 16777216)</source>
        <translation>dieser Autopilot überträgt Ganzzahlen als float, der diese nicht exakt halten kann (über 16777216)</translation>
    </message>
    <message>
        <source>the vehicle&apos;s type %1 cannot be written with PARAM_SET</source>
        <translation>der Typ %1 des Fahrzeugs lässt sich nicht mit PARAM_SET schreiben</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>(unbekannt)</translation>
    </message>
    <message>
        <source>Load parameters: %1</source>
        <translation>Parameter laden: %1</translation>
    </message>
    <message>
        <source>Compare parameters: %1</source>
        <translation>Parameter vergleichen: %1</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Vehicle</source>
        <translation>Fahrzeug</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Apply the values of the lines that could be read (the bad lines are left out)</source>
        <translation>Die Werte der lesbaren Zeilen anwenden (die fehlerhaften Zeilen werden ausgelassen)</translation>
    </message>
    <message numerus="yes">
        <source>Apply %n change(s)</source>
        <translation>
            <numerusform>%n Änderung anwenden</numerusform>
            <numerusform>%n Änderungen anwenden</numerusform>
        </translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>refused, not sent: %1</source>
        <translation>abgelehnt, nicht gesendet: %1</translation>
    </message>
    <message>
        <source>the vehicle has no such parameter: not sent</source>
        <translation>das Fahrzeug hat keinen solchen Parameter: nicht gesendet</translation>
    </message>
    <message>
        <source>for component %1, not this vehicle&apos;s: not sent</source>
        <translation>für Komponente %1, nicht die dieses Fahrzeugs: nicht gesendet</translation>
    </message>
    <message>
        <source>only on the vehicle: kept</source>
        <translation>nur im Fahrzeug: bleibt</translation>
    </message>
    <message numerus="yes">
        <source>%n changed</source>
        <translation>
            <numerusform>%n geändert</numerusform>
            <numerusform>%n geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unchanged</source>
        <translation>
            <numerusform>%n unverändert</numerusform>
            <numerusform>%n unverändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refused</source>
        <translation>
            <numerusform>%n abgelehnt</numerusform>
            <numerusform>%n abgelehnt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not on this vehicle</source>
        <translation>
            <numerusform>%n nicht in diesem Fahrzeug</numerusform>
            <numerusform>%n nicht in diesem Fahrzeug</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of other components</source>
        <translation>
            <numerusform>%n anderer Komponenten</numerusform>
            <numerusform>%n anderer Komponenten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n only on the vehicle</source>
        <translation>
            <numerusform>%n nur im Fahrzeug</numerusform>
            <numerusform>%n nur im Fahrzeug</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s)</source>
        <translation>
            <numerusform>%n fehlerhafte Zeile</numerusform>
            <numerusform>%n fehlerhafte Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2 format): %3.</source>
        <translation>%1 (%2-Format): %3.</translation>
    </message>
    <message>
        <source>The file has lines that cannot be read: nothing is applied unless you tick the box.</source>
        <translation>Die Datei hat Zeilen, die sich nicht lesen lassen: nichts wird angewendet, solange das Kästchen nicht angekreuzt ist.</translation>
    </message>
    <message>
        <source>sent, waiting for the vehicle</source>
        <translation>gesendet, wartet auf das Fahrzeug</translation>
    </message>
    <message>
        <source>confirmed by the vehicle</source>
        <translation>vom Fahrzeug bestätigt</translation>
    </message>
    <message>
        <source>refused by the vehicle: %1</source>
        <translation>vom Fahrzeug abgelehnt: %1</translation>
    </message>
    <message>
        <source>no answer: %1</source>
        <translation>keine Antwort: %1</translation>
    </message>
    <message>
        <source>not sent: %1</source>
        <translation>nicht gesendet: %1</translation>
    </message>
    <message numerus="yes">
        <source>Sent %n value(s): </source>
        <translation>
            <numerusform>%n Wert gesendet: </numerusform>
            <numerusform>%n Werte gesendet: </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 confirmed, %2 refused, %3 without answer, %4 not sent</source>
        <translation>%1 bestätigt, %2 abgelehnt, %3 ohne Antwort, %4 nicht gesendet</translation>
    </message>
    <message numerus="yes">
        <source> (%n waiting)</source>
        <translation>
            <numerusform> (%n wartet)</numerusform>
            <numerusform> (%n warten)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>navigator::ParamFileFlow</name>
    <message>
        <source>QGroundControl parameters (*.params)</source>
        <translation>QGroundControl-Parameter (*.params)</translation>
    </message>
    <message>
        <source>Mission Planner parameters (*.param *.parm)</source>
        <translation>Mission-Planner-Parameter (*.param *.parm)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No vehicle connected: its parameters are needed for a parameter file.</source>
        <translation>Kein Fahrzeug verbunden: für eine Parameterdatei werden seine Parameter gebraucht.</translation>
    </message>
    <message>
        <source>The vehicle&apos;s parameter list is not complete (%1 of %2): press Read all first.</source>
        <translation>Die Parameterliste des Fahrzeugs ist nicht vollständig (%1 von %2): zuerst „Alle lesen“ drücken.</translation>
    </message>
    <message>
        <source>Save parameters</source>
        <translation>Parameter speichern</translation>
    </message>
    <message>
        <source>Load parameters</source>
        <translation>Parameter laden</translation>
    </message>
    <message>
        <source>Compare parameters</source>
        <translation>Parameter vergleichen</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 lässt sich nicht schreiben: %2</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n parameter(s) of vehicle %1 to %2 (%3 format).</source>
        <translation>
            <numerusform>%n Parameter von Fahrzeug %1 in %2 gespeichert (%3-Format).</numerusform>
            <numerusform>%n Parameter von Fahrzeug %1 in %2 gespeichert (%3-Format).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %n left out: their type cannot be read over MAVLink&apos;s parameter protocol.</source>
        <translation>
            <numerusform> %n ausgelassen: sein Typ lässt sich über das Parameterprotokoll von MAVLink nicht lesen.</numerusform>
            <numerusform> %n ausgelassen: ihr Typ lässt sich über das Parameterprotokoll von MAVLink nicht lesen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>%1 is %2 MB: not a parameter file (at most 16 MB are read)</source>
        <translation>%1 ist %2 MB groß: keine Parameterdatei (höchstens 16 MB werden gelesen)</translation>
    </message>
    <message>
        <source>%1 is not a text file: not a parameter file</source>
        <translation>%1 ist keine Textdatei: keine Parameterdatei</translation>
    </message>
    <message>
        <source>%1 holds no parameters (only comments or blank lines)</source>
        <translation>%1 enthält keine Parameter (nur Kommentare oder Leerzeilen)</translation>
    </message>
    <message>
        <source>the vehicle is gone</source>
        <translation>das Fahrzeug ist nicht mehr da</translation>
    </message>
</context>
<context>
    <name>navigator::ParamMetadataBinding</name>
    <message>
        <source>from Navigator&apos;s firmware file %1</source>
        <translation>aus der Datei der Navigator-Firmware %1</translation>
    </message>
    <message>
        <source>none: values only (%1)</source>
        <translation>keine: nur Werte (%1)</translation>
    </message>
    <message>
        <source>from the vehicle (%1)</source>
        <translation>vom Fahrzeug (%1)</translation>
    </message>
    <message>
        <source>none yet: read from the vehicle after its parameters</source>
        <translation>noch keine: werden nach den Parametern vom Fahrzeug gelesen</translation>
    </message>
    <message>
        <source>being read from the vehicle…</source>
        <translation>werden vom Fahrzeug gelesen…</translation>
    </message>
    <message>
        <source>from file %1</source>
        <translation>aus der Datei %1</translation>
    </message>
    <message>
        <source>none: values only. ArduPilot does not send its parameter descriptions; choose its definitions file (apm.pdef.xml from autotest.ardupilot.org/Parameters/&lt;vehicle&gt;/) with &quot;Definitions file…&quot; for units, ranges and descriptions.</source>
        <translation>keine: nur Werte. ArduPilot sendet keine Parameterbeschreibungen; für Einheiten, Bereiche und Beschreibungen seine Definitionsdatei (apm.pdef.xml von autotest.ardupilot.org/Parameters/&lt;vehicle&gt;/) mit „Definitionsdatei…“ wählen.</translation>
    </message>
    <message>
        <source>none: values only (this autopilot&apos;s metadata is not known to the station)</source>
        <translation>keine: nur Werte (die Metadaten dieses Autopiloten kennt die Station nicht)</translation>
    </message>
    <message numerus="yes">
        <source>Parameter metadata from %1: %n parameters described.</source>
        <translation>
            <numerusform>Parameter-Metadaten aus %1: %n Parameter beschrieben.</numerusform>
            <numerusform>Parameter-Metadaten aus %1: %n Parameter beschrieben.</numerusform>
        </translation>
    </message>
    <message>
        <source>ArduPilot parameter definitions</source>
        <translation>ArduPilot-Parameterdefinitionen</translation>
    </message>
    <message>
        <source>ArduPilot parameter definitions (*.xml *.json)</source>
        <translation>ArduPilot-Parameterdefinitionen (*.xml *.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>navigator::ParamMetadataFetch</name>
    <message>
        <source>not JSON (%1 at byte %2)</source>
        <translation>kein JSON (%1 bei Byte %2)</translation>
    </message>
    <message>
        <source>no &quot;metadataTypes&quot; list</source>
        <translation>keine „metadataTypes“-Liste</translation>
    </message>
    <message>
        <source>the parameter metadata&apos;s entry has no &quot;uri&quot;</source>
        <translation>der Eintrag der Parameter-Metadaten hat keine „uri“</translation>
    </message>
    <message>
        <source>it lists no parameter metadata (type %1)</source>
        <translation>sie nennt keine Parameter-Metadaten (Typ %1)</translation>
    </message>
    <message>
        <source>Parameter metadata: no vehicle is connected.</source>
        <translation>Parameter-Metadaten: kein Fahrzeug verbunden.</translation>
    </message>
    <message>
        <source>Parameter metadata: the vehicle did not answer the request for COMPONENT_METADATA (%1 tries); the values are shown without metadata.</source>
        <translation>Parameter-Metadaten: Das Fahrzeug hat die Anfrage nach COMPONENT_METADATA nicht beantwortet (%1 Versuche); die Werte werden ohne Metadaten gezeigt.</translation>
    </message>
    <message>
        <source>Parameter metadata: the vehicle points to %1, not a file on the vehicle (mftp://); the station reads only from the vehicle, so the values are shown without metadata.</source>
        <translation>Parameter-Metadaten: Das Fahrzeug verweist auf %1, keine Datei auf dem Fahrzeug (mftp://); die Station liest nur vom Fahrzeug, deshalb werden die Werte ohne Metadaten gezeigt.</translation>
    </message>
    <message>
        <source>Parameter metadata: reading %1 from the vehicle failed: %2; the values are shown without metadata.</source>
        <translation>Parameter-Metadaten: %1 ließ sich nicht vom Fahrzeug lesen: %2; die Werte werden ohne Metadaten gezeigt.</translation>
    </message>
    <message>
        <source>Parameter metadata: %1 from the vehicle is corrupt (%2); the values are shown without metadata.</source>
        <translation>Parameter-Metadaten: %1 vom Fahrzeug ist beschädigt (%2); die Werte werden ohne Metadaten gezeigt.</translation>
    </message>
    <message>
        <source>Parameter metadata: %1 from the vehicle: %2; the values are shown without metadata.</source>
        <translation>Parameter-Metadaten: %1 vom Fahrzeug: %2; die Werte werden ohne Metadaten gezeigt.</translation>
    </message>
    <message>
        <source>%1 from the vehicle</source>
        <translation>%1 vom Fahrzeug</translation>
    </message>
    <message>
        <source>Parameter metadata: %1</source>
        <translation>Parameter-Metadaten: %1</translation>
    </message>
    <message numerus="yes">
        <source>Parameter metadata from the vehicle (%1): %n parameters described.</source>
        <translation>
            <numerusform>Parameter-Metadaten vom Fahrzeug (%1): %n Parameter beschrieben.</numerusform>
            <numerusform>Parameter-Metadaten vom Fahrzeug (%1): %n Parameter beschrieben.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>navigator::ParamSection</name>
    <message>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>%1: not on this vehicle (yet)</source>
        <translation>%1: (noch) nicht auf diesem Fahrzeug</translation>
    </message>
    <message>
        <source>Not available for this autopilot.</source>
        <translation>Für diesen Autopiloten nicht verfügbar.</translation>
    </message>
    <message>
        <source>No vehicle is connected.</source>
        <translation>Kein Fahrzeug verbunden.</translation>
    </message>
    <message>
        <source>%1: set on the vehicle</source>
        <translation>%1: am Fahrzeug gesetzt</translation>
    </message>
    <message>
        <source>%1 (%2) must be below %3 (%4)</source>
        <translation>%1 (%2) muss unter %3 (%4) liegen</translation>
    </message>
    <message>
        <source>%1: not a parameter of this vehicle</source>
        <translation>%1: kein Parameter dieses Fahrzeugs</translation>
    </message>
    <message>
        <source>Nothing sent: %1</source>
        <translation>Nichts gesendet: %1</translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation>Nichts geändert.</translation>
    </message>
</context>
<context>
    <name>navigator::ParamSetWriter</name>
    <message>
        <source>Nothing written: there are no values to write.</source>
        <translation>Nichts geschrieben: Es gibt keine Werte zu schreiben.</translation>
    </message>
    <message>
        <source>Nothing written: the vehicle has not listed %1 (read its parameters on the Fly page&apos;s Parameters tab, then write again).</source>
        <translation>Nichts geschrieben: Das Fahrzeug hat %1 nicht aufgelistet (seine Parameter auf der Seite Fliegen im Reiter Parameter lesen, dann erneut schreiben).</translation>
    </message>
    <message>
        <source>Nothing written: %1 is not a parameter of the flight firmware.</source>
        <translation>Nichts geschrieben: %1 ist kein Parameter der Flug-Firmware.</translation>
    </message>
    <message>
        <source>Nothing written: %1 = %2 is outside the firmware&apos;s range %3 … %4.</source>
        <translation>Nichts geschrieben: %1 = %2 liegt außerhalb des Bereichs der Firmware %3 … %4.</translation>
    </message>
    <message>
        <source>Nothing written: %1 = %2: %3.</source>
        <translation>Nichts geschrieben: %1 = %2: %3.</translation>
    </message>
    <message>
        <source>Nothing written: %1 = %2 is outside the vehicle&apos;s range %3 … %4.</source>
        <translation>Nichts geschrieben: %1 = %2 liegt außerhalb des Bereichs des Fahrzeugs %3 … %4.</translation>
    </message>
    <message>
        <source>A write to the vehicle is already under way.</source>
        <translation>Es wird bereits auf das Fahrzeug geschrieben.</translation>
    </message>
    <message>
        <source>Nothing written: no vehicle connected.</source>
        <translation>Nichts geschrieben: kein Fahrzeug verbunden.</translation>
    </message>
    <message>
        <source>Stopped before %1: the vehicle&apos;s link went away. %2 of %3 parameters were written; the rest were not sent.</source>
        <translation>Vor %1 angehalten: Die Verbindung zum Fahrzeug ist weg. %2 von %3 Parametern wurden geschrieben; der Rest wurde nicht gesendet.</translation>
    </message>
    <message>
        <source>Stopped at %1: %2. %3 of %4 parameters were written before it; the rest were not sent.</source>
        <translation>Bei %1 angehalten: %2. %3 von %4 Parametern wurden davor geschrieben; der Rest wurde nicht gesendet.</translation>
    </message>
    <message>
        <source>All %1 parameters written, each confirmed by the vehicle.</source>
        <translation>Alle %1 Parameter geschrieben, jeder vom Fahrzeug bestätigt.</translation>
    </message>
</context>
<context>
    <name>navigator::ParameterEditor</name>
    <message>
        <source>Filter by name</source>
        <translation>Nach Name filtern</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Read all</source>
        <translation>Alle lesen</translation>
    </message>
    <message>
        <source>Write changed</source>
        <translation>Geänderte schreiben</translation>
    </message>
    <message>
        <source>Nothing to write: no value was changed.</source>
        <translation>Nichts zu schreiben: Es wurde kein Wert geändert.</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1: „%2“ ist keine Zahl</translation>
    </message>
    <message>
        <source>%1: must be a whole number, got %2</source>
        <translation>%1: muss eine ganze Zahl sein, angegeben war %2</translation>
    </message>
    <message>
        <source>Edited: the vehicle has %1</source>
        <translation>Bearbeitet: Im Fahrzeug steht %1</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Save the vehicle&apos;s parameters to a file (QGroundControl .params or Mission Planner .param)</source>
        <translation>Die Parameter des Fahrzeugs in einer Datei speichern (QGroundControl .params oder Mission Planner .param)</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <source>Load a parameter file: see what would change, then write the changed values</source>
        <translation>Eine Parameterdatei laden: sehen, was sich ändern würde, dann die geänderten Werte schreiben</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>Vergleichen…</translation>
    </message>
    <message>
        <source>Compare a parameter file with the vehicle&apos;s values (nothing is written)</source>
        <translation>Eine Parameterdatei mit den Werten des Fahrzeugs vergleichen (nichts wird geschrieben)</translation>
    </message>
    <message>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation>≤ %1</translation>
    </message>
    <message>
        <source>%1, whole</source>
        <translation>%1, ganzzahlig</translation>
    </message>
    <message>
        <source>Definitions file…</source>
        <translation>Definitionsdatei…</translation>
    </message>
    <message>
        <source>ArduPilot: read its parameter definitions (apm.pdef.xml or apm.pdef.json) for units, ranges and descriptions</source>
        <translation>ArduPilot: seine Parameterdefinitionen (apm.pdef.xml oder apm.pdef.json) für Einheiten, Bereiche und Beschreibungen lesen</translation>
    </message>
    <message>
        <source>default %1</source>
        <translation>Standard %1</translation>
    </message>
    <message>
        <source>%1; default %2</source>
        <translation>%1; Standard %2</translation>
    </message>
    <message>
        <source>%1
Changed from the default %2</source>
        <translation>%1
Geändert gegenüber dem Standardwert %2</translation>
    </message>
    <message>
        <source>%1: no description (no metadata for it)</source>
        <translation>%1: keine Beschreibung (keine Metadaten dazu)</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>Standard: %1</translation>
    </message>
    <message>
        <source>Bit %1: %2</source>
        <translation>Bit %1: %2</translation>
    </message>
    <message>
        <source>Metadata: %1</source>
        <translation>Metadaten: %1</translation>
    </message>
    <message>
        <source>%1: %2 is outside its range %3%4</source>
        <translation>%1: %2 liegt außerhalb seines Bereichs %3%4</translation>
    </message>
    <message>
        <source>%1: %2 is not one of its values: %3</source>
        <translation>%1: %2 ist keiner seiner Werte: %3</translation>
    </message>
</context>
<context>
    <name>navigator::PilotInputPanel</name>
    <message>
        <source>Joystick</source>
        <translation>Joystick</translation>
    </message>
    <message>
        <source>Keyboard</source>
        <translation>Tastatur</translation>
    </message>
    <message>
        <source>On-screen sticks</source>
        <translation>Bildschirm-Steuerknüppel</translation>
    </message>
    <message>
        <source>Calibrate…</source>
        <translation>Kalibrieren…</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Sticks from</source>
        <translation>Steuerung über</translation>
    </message>
    <message>
        <source>&quot;%1&quot; vanished: sticks centred, throttle 0. Plug it back in to fly on.</source>
        <translation>„%1“ wurde getrennt: Steuerknüppel zentriert, Schub 0. Zum Weiterfliegen wieder anschließen.</translation>
    </message>
    <message>
        <source>Choose a joystick first.</source>
        <translation>Zuerst einen Joystick auswählen.</translation>
    </message>
    <message>
        <source>%1 (game controller)</source>
        <translation>%1 (Gamecontroller)</translation>
    </message>
    <message>
        <source>No joystick found</source>
        <translation>Kein Joystick gefunden</translation>
    </message>
    <message>
        <source>Plug in a joystick or gamepad, or fly with the keyboard or the on-screen sticks.</source>
        <translation>Einen Joystick oder ein Gamepad anschließen oder mit der Tastatur oder den Bildschirm-Steuerknüppeln fliegen.</translation>
    </message>
    <message>
        <source>Joysticks are unavailable: %1</source>
        <translation>Joysticks sind nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>%1 axes, %2 buttons · GUID %3</source>
        <translation>%1 Achsen, %2 Tasten · GUID %3</translation>
    </message>
    <message>
        <source>Detected: axis %1 (reversed)</source>
        <translation>Erkannt: Achse %1 (umgekehrt)</translation>
    </message>
    <message>
        <source>Detected: axis %1</source>
        <translation>Erkannt: Achse %1</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;W&lt;/b&gt; / &lt;b&gt;S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;throttle up / down (see below)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;A&lt;/b&gt; / &lt;b&gt;D&lt;/b&gt;&lt;/td&gt;&lt;td&gt;yaw left / right, while held&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;↑&lt;/b&gt; / &lt;b&gt;↓&lt;/b&gt;&lt;/td&gt;&lt;td&gt;pitch forward (nose down) / back, while held&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;←&lt;/b&gt; / &lt;b&gt;→&lt;/b&gt;&lt;/td&gt;&lt;td&gt;roll left / right, while held&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Held keys give half deflection; let go, they spring back to centre.&lt;/p&gt;&lt;p&gt;The keys fly only while this window has the focus and no text field, number box, list, drop-down or dialog has it: click the 3-D view to fly again after typing.&lt;/p&gt;</source>
        <translation>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;W&lt;/b&gt; / &lt;b&gt;S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Gas auf / ab (siehe unten)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;A&lt;/b&gt; / &lt;b&gt;D&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Gieren links / rechts, solange gedrückt&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;↑&lt;/b&gt; / &lt;b&gt;↓&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Nicken vor (Nase ab) / zurück, solange gedrückt&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;←&lt;/b&gt; / &lt;b&gt;→&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Rollen links / rechts, solange gedrückt&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Gedrückte Tasten geben halben Ausschlag; losgelassen federn sie in die Mitte zurück.&lt;/p&gt;&lt;p&gt;Die Tasten steuern nur, solange dieses Fenster den Fokus hat und kein Textfeld, Zahlenfeld, keine Liste, Auswahl und kein Dialog ihn hat: nach dem Tippen in die 3-D-Ansicht klicken, um weiterzufliegen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Ramps, stays where left (ACRO, ANGLE)</source>
        <translation>Rampe, bleibt stehen (ACRO, ANGLE)</translation>
    </message>
    <message>
        <source>Throttle keys</source>
        <translation>Schubtasten</translation>
    </message>
    <message>
        <source>Armed: the throttle is held at %1 % until the new source&apos;s throttle comes to it (move it there, or press W / S on the keyboard); the other sticks follow within half a second.</source>
        <translation>Scharf: der Schub wird bei %1 % gehalten, bis der Schub der neuen Quelle dort ankommt (dorthin bewegen oder auf der Tastatur W / S drücken); die anderen Knüppel folgen binnen einer halben Sekunde.</translation>
    </message>
    <message>
        <source>Follow the flight mode</source>
        <translation>Folgt dem Flugmodus</translation>
    </message>
    <message>
        <source>Follow the flight mode: springs to centre where the mode reads the throttle as a climb rate (ALT_HOLD), ramps where it reads it as thrust (ACRO, ANGLE); a mode change in flight carries on from the thrust the vehicle was putting out.
Ramps: W and S move the throttle by %1 % a second (idle to full in %2 s); it stays where you leave it.
Springs to centre: the throttle rests at 50 %, which ALT_HOLD reads as &quot;hold this height&quot;; W climbs and S descends while held.</source>
        <translation>Folgt dem Flugmodus: federt zur Mitte, wo der Modus den Schub als Steigrate liest (ALT_HOLD), Rampe, wo er ihn als Schub liest (ACRO, ANGLE); ein Moduswechsel im Flug macht mit dem Schub weiter, den das Fahrzeug gerade gab.
Rampe: W und S bewegen den Schub um %1 % pro Sekunde (Leerlauf bis Vollgas in %2 s); er bleibt, wo man ihn lässt.
Federt zur Mitte: der Schub ruht bei 50 %, was ALT_HOLD als „Höhe halten“ liest; W steigt und S sinkt, solange gedrückt.</translation>
    </message>
    <message>
        <source>Springs to centre (ALT_HOLD, POSITION)</source>
        <translation>Federt zur Mitte (ALT_HOLD, POSITION)</translation>
    </message>
    <message>
        <source>Mapping</source>
        <translation>Belegung</translation>
    </message>
    <message>
        <source>the vehicle&apos;s (not read from it yet)</source>
        <translation>die des Fahrzeugs (noch nicht gelesen)</translation>
    </message>
    <message>
        <source>the vehicle&apos;s axes: roll and pitch tilt about them, yaw turns</source>
        <translation>die Achsen des Fahrzeugs: Rollen und Nicken kippen um sie, Gieren dreht</translation>
    </message>
    <message>
        <source>a lander&apos;s, the pilot facing between the axes: pitch = Y + X, yaw = −Y + X about the body (one axis only on a diagonal), twist turns and the heading holds when centred</source>
        <translation>die eines Landers, der Pilot blickt zwischen die Achsen: Nicken = Y + X, Gieren = −Y + X um den Körper (nur eine Achse auf der Diagonale), Drehen wendet, mittig hält es den Kurs</translation>
    </message>
    <message>
        <source>a lander&apos;s, the twist an angle: pitch = Y + X, yaw = −Y + X about the body, twist an angle from the heading at arming</source>
        <translation>die eines Landers, Drehen als Winkel: Nicken = Y + X, Gieren = −Y + X um den Körper, Drehen ein Winkel vom Kurs beim Scharfschalten</translation>
    </message>
    <message>
        <source>STICK_MAP %1, which this station does not know</source>
        <translation>STICK_MAP %1, den diese Station nicht kennt</translation>
    </message>
    <message>
        <source>No joystick plugged in: the keyboard flies. A joystick plugged in takes over.</source>
        <translation>Kein Joystick angeschlossen: Die Tastatur steuert. Ein angeschlossener Joystick übernimmt.</translation>
    </message>
    <message>
        <source>Armed: the throttle moves from %1 % to the keyboard&apos;s at %2 % a second; the other sticks follow within half a second.</source>
        <translation>Scharf: Das Gas geht mit %2 % pro Sekunde von %1 % zu dem der Tastatur; die anderen Knüppel folgen innerhalb einer halben Sekunde.</translation>
    </message>
</context>
<context>
    <name>navigator::PilotRouter</name>
    <message>
        <source>The mode buttons choose Vayu&apos;s modes; pick %1&apos;s in the Mode list.</source>
        <translation>Die Modustasten wählen Vayus Flugmodi; die von %1 in der Liste Flugmodus wählen.</translation>
    </message>
</context>
<context>
    <name>navigator::PosePipeReader</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Waiting for a simulator (vsim_d) in %1</source>
        <translation>Warte auf einen Simulator (vsim_d) in %1</translation>
    </message>
    <message>
        <source>Stopped watching the simulator in %1</source>
        <translation>Der Simulator in %1 wird nicht mehr beobachtet</translation>
    </message>
    <message>
        <source>The simulator in %1 is connected</source>
        <translation>Der Simulator in %1 ist verbunden</translation>
    </message>
    <message>
        <source>The simulator in %1 is back</source>
        <translation>Der Simulator in %1 ist wieder da</translation>
    </message>
    <message>
        <source>The simulator in %1 is gone (it closed %2); the plots keep what came before, and it is taken up again when a vsim_d serves the folder</source>
        <translation>Der Simulator in %1 ist weg (er hat %2 geschlossen); die Diagramme behalten alles Bisherige, und er wird wieder aufgenommen, sobald ein vsim_d den Ordner bedient</translation>
    </message>
    <message>
        <source>%1: %2; no longer watching the simulator</source>
        <translation>%1: %2; der Simulator wird nicht mehr beobachtet</translation>
    </message>
</context>
<context>
    <name>navigator::PrimaryFlightDisplay</name>
    <message>
        <source>Primary flight display</source>
        <translation>Primäres Fluginstrument</translation>
    </message>
    <message>
        <source>true %1</source>
        <translation>wahr %1</translation>
    </message>
    <message>
        <source>m/s</source>
        <translation>m/s</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>ARMED</source>
        <translation>SCHARF</translation>
    </message>
    <message>
        <source>DISARMED</source>
        <translation>GESICHERT</translation>
    </message>
    <message>
        <source>NO LINK</source>
        <translation>KEINE VERB.</translation>
    </message>
    <message>
        <source>LINK</source>
        <translation>VERB.</translation>
    </message>
    <message>
        <source>LINK %1 %</source>
        <translation>VERB. %1 %</translation>
    </message>
    <message>
        <source>FAILSAFE</source>
        <translation>FAILSAFE</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>E</source>
        <translation>O</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>GS</source>
        <translation>GS</translation>
    </message>
    <message>
        <source>AS</source>
        <translation>AS</translation>
    </message>
    <message>
        <source>ALT</source>
        <translation>HÖHE</translation>
    </message>
    <message>
        <source>VS</source>
        <translation>VS</translation>
    </message>
    <message>
        <source>THR %1</source>
        <translation>SCHUB %1</translation>
    </message>
    <message>
        <source>STK %1</source>
        <translation>KNÜ %1</translation>
    </message>
</context>
<context>
    <name>navigator::RadioSetup</name>
    <message>
        <source>%v µs</source>
        <translation>%v µs</translation>
    </message>
    <message>
        <source>Channel %1</source>
        <translation>Kanal %1</translation>
    </message>
    <message>
        <source>Record end points</source>
        <translation>Endpunkte aufnehmen</translation>
    </message>
    <message>
        <source>Which channel is which stick, which are reversed, and the flight-mode switch.</source>
        <translation>Welcher Kanal welcher Knüppel ist, welche umgekehrt sind, und der Flugmodus-Schalter.</translation>
    </message>
    <message>
        <source>No RC_CHANNELS from the vehicle yet: is a receiver bound and powered?</source>
        <translation>Noch kein RC_CHANNELS vom Fahrzeug: Ist ein Empfänger gebunden und mit Strom versorgt?</translation>
    </message>
    <message>
        <source>No vehicle is connected.</source>
        <translation>Kein Fahrzeug verbunden.</translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation>%1 Kanäle</translation>
    </message>
    <message>
        <source>%1 channels, signal %2 %</source>
        <translation>%1 Kanäle, Signal %2 %</translation>
    </message>
    <message>
        <source>Save end points</source>
        <translation>Endpunkte speichern</translation>
    </message>
    <message>
        <source>Move every stick and switch to both ends, then centre the sticks (throttle down) and press Save.</source>
        <translation>Bewegen Sie jeden Knüppel und Schalter an beide Enden, zentrieren Sie dann die Knüppel (Gas unten) und drücken Sie „Endpunkte speichern“.</translation>
    </message>
    <message>
        <source>Nothing saved: no channel moved %1 µs or more.</source>
        <translation>Nichts gespeichert: Kein Kanal hat sich um %1 µs oder mehr bewegt.</translation>
    </message>
    <message>
        <source>%1 is not a parameter of this vehicle</source>
        <translation>%1 ist kein Parameter dieses Fahrzeugs</translation>
    </message>
    <message>
        <source>%1 = %2 µs is outside %3-%4 µs</source>
        <translation>%1 = %2 µs liegt außerhalb von %3-%4 µs</translation>
    </message>
    <message>
        <source>Nothing saved: %1</source>
        <translation>Nichts gespeichert: %1</translation>
    </message>
    <message numerus="yes">
        <source>End points sent for %n channel(s).</source>
        <translation>
            <numerusform>Endpunkte für %n Kanal gesendet.</numerusform>
            <numerusform>Endpunkte für %n Kanäle gesendet.</numerusform>
        </translation>
    </message>
    <message>
        <source>no pulse</source>
        <translation>kein Impuls</translation>
    </message>
</context>
<context>
    <name>navigator::RotorLayoutView</name>
    <message>
        <source>No airframe</source>
        <translation>Kein Luftfahrzeug</translation>
    </message>
    <message>
        <source>front</source>
        <translation>vorn</translation>
    </message>
    <message>
        <source>ccw</source>
        <translation>gegen UZS</translation>
    </message>
    <message>
        <source>cw</source>
        <translation>im UZS</translation>
    </message>
</context>
<context>
    <name>navigator::SensorCalibration</name>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>waiting to start</source>
        <translation>wartet auf den Start</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed: the fit did not converge (turn it round every axis, away from metal)</source>
        <translation>fehlgeschlagen: Die Anpassung ist nicht konvergiert (drehen Sie es um jede Achse, fern von Metall)</translation>
    </message>
    <message>
        <source>bad orientation: the compass is not mounted as its orientation parameter says</source>
        <translation>falsche Ausrichtung: Der Kompass ist nicht so montiert, wie sein Ausrichtungsparameter angibt</translation>
    </message>
    <message>
        <source>bad radius: the field measured is too strong or too weak (metal or currents nearby?)</source>
        <translation>falscher Radius: Das gemessene Feld ist zu stark oder zu schwach (Metall oder Ströme in der Nähe?)</translation>
    </message>
    <message>
        <source>unknown status %1</source>
        <translation>unbekannter Status %1</translation>
    </message>
    <message>
        <source>the vehicle reported the calibration failed</source>
        <translation>das Fahrzeug hat gemeldet, dass die Kalibrierung fehlgeschlagen ist</translation>
    </message>
    <message>
        <source>The vehicle asked for an unknown position %1: ignored</source>
        <translation>Das Fahrzeug hat eine unbekannte Lage %1 verlangt: ignoriert</translation>
    </message>
    <message>
        <source>Vehicle placed (%1)</source>
        <translation>Fahrzeug platziert (%1)</translation>
    </message>
    <message>
        <source>Compass %1&apos;s report carried a value that is not a number: ignored</source>
        <translation>Der Bericht von Kompass %1 enthielt einen Wert, der keine Zahl ist: ignoriert</translation>
    </message>
    <message>
        <source>compass %1 %2 (fitness %3 mGauss)</source>
        <translation>Kompass %1 %2 (Fitness %3 mGauss)</translation>
    </message>
    <message>
        <source>Accept compass calibration</source>
        <translation>Kompasskalibrierung übernehmen</translation>
    </message>
    <message>
        <source>Cancel calibration</source>
        <translation>Kalibrierung abbrechen</translation>
    </message>
    <message>
        <source>Gyroscope</source>
        <translation>Gyroskop</translation>
    </message>
    <message>
        <source>Accelerometer</source>
        <translation>Beschleunigungsmesser</translation>
    </message>
    <message>
        <source>Level horizon</source>
        <translation>Horizontausrichtung</translation>
    </message>
    <message>
        <source>Compass</source>
        <translation>Kompass</translation>
    </message>
    <message>
        <source>no vehicle is connected</source>
        <translation>kein Fahrzeug verbunden</translation>
    </message>
    <message>
        <source>the vehicle is armed: disarm it first</source>
        <translation>das Fahrzeug ist scharf: entschärfen Sie es zuerst</translation>
    </message>
    <message>
        <source>a calibration is running: finish or cancel it first</source>
        <translation>eine Kalibrierung läuft: schließen Sie sie zuerst ab oder brechen Sie sie ab</translation>
    </message>
    <message>
        <source>Calibrate %1</source>
        <translation>%1 kalibrieren</translation>
    </message>
    <message>
        <source>%1 calibrated: the vehicle keeps the new values</source>
        <translation>%1 kalibriert: Das Fahrzeug behält die neuen Werte</translation>
    </message>
    <message>
        <source>%1 calibration cancelled: the previous values stay</source>
        <translation>Kalibrierung „%1“ abgebrochen: Die bisherigen Werte bleiben</translation>
    </message>
    <message>
        <source>%1 calibration failed: %2</source>
        <translation>Kalibrierung „%1“ fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>navigator::SensorsSetup</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Vehicle placed</source>
        <translation>Fahrzeug platziert</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>%1 calibration not started: %2</source>
        <translation>Kalibrierung „%1“ nicht gestartet: %2</translation>
    </message>
    <message>
        <source>Place the vehicle %1, then press Vehicle placed.</source>
        <translation>Bringen Sie das Fahrzeug in die Lage „%1“ und drücken Sie dann „Fahrzeug platziert“.</translation>
    </message>
    <message>
        <source>compass %1: fitness %2 mGauss, offsets %3, %4, %5 mGauss</source>
        <translation>Kompass %1: Fitness %2 mGauss, Offsets %3, %4, %5 mGauss</translation>
    </message>
    <message>
        <source>Calibrated (%1). Press Accept to keep the new offsets.</source>
        <translation>Kalibriert (%1). Drücken Sie „Übernehmen“, um die neuen Offsets zu behalten.</translation>
    </message>
    <message>
        <source>Turn the vehicle slowly round every axis until the progress is full.</source>
        <translation>Drehen Sie das Fahrzeug langsam um jede Achse, bis der Fortschrittsbalken voll ist.</translation>
    </message>
    <message>
        <source>Asking the vehicle to start…</source>
        <translation>Fahrzeug wird zum Start aufgefordert…</translation>
    </message>
    <message>
        <source>Turn the vehicle slowly all the way round, keeping it %1.</source>
        <translation>Drehen Sie das Fahrzeug langsam einmal ganz herum und halten Sie es dabei %1.</translation>
    </message>
    <message>
        <source>Hold still: measuring %1.</source>
        <translation>Nicht bewegen: Lage „%1“ wird gemessen.</translation>
    </message>
    <message>
        <source>Wait for the vehicle to ask for a side.</source>
        <translation>Warten Sie, bis das Fahrzeug eine Seite anfordert.</translation>
    </message>
    <message>
        <source>Hold the vehicle still on one of the grey sides.</source>
        <translation>Halten Sie das Fahrzeug ruhig auf einer der grauen Seiten.</translation>
    </message>
    <message>
        <source>Keep the vehicle still and level until it is done.</source>
        <translation>Halten Sie das Fahrzeug ruhig und waagerecht, bis der Vorgang abgeschlossen ist.</translation>
    </message>
    <message>
        <source>No vehicle: connect one to calibrate its sensors.</source>
        <translation>Kein Fahrzeug: Verbinden Sie eines, um seine Sensoren zu kalibrieren.</translation>
    </message>
    <message>
        <source>Choose a sensor to calibrate. The vehicle must be disarmed.</source>
        <translation>Wählen Sie einen Sensor zum Kalibrieren. Das Fahrzeug muss entschärft sein.</translation>
    </message>
</context>
<context>
    <name>navigator::SerialTransport</name>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot set %1 to %2 baud 8N1: %3</source>
        <translation>%1 kann nicht auf %2 Baud 8N1 gestellt werden: %3</translation>
    </message>
    <message>
        <source>no serial port chosen</source>
        <translation>keine serielle Schnittstelle gewählt</translation>
    </message>
    <message>
        <source>Serial %1 at %2 baud (closed)</source>
        <translation>Seriell %1 mit %2 Baud (geschlossen)</translation>
    </message>
    <message>
        <source>Serial %1 at %2 baud</source>
        <translation>Seriell %1 mit %2 Baud</translation>
    </message>
    <message>
        <source>Serial %1 at %2 baud: device gone, reconnecting</source>
        <translation>Seriell %1 mit %2 Baud: Gerät weg, verbinde neu</translation>
    </message>
    <message>
        <source>cannot set %1 to %2 baud: %3</source>
        <translation>%1 kann nicht auf %2 Baud gestellt werden: %3</translation>
    </message>
    <message>
        <source>MAVLink found on %1 at %2 baud</source>
        <translation>MAVLink auf %1 mit %2 Baud gefunden</translation>
    </message>
    <message>
        <source>the device was removed or stopped responding</source>
        <translation>das Gerät wurde entfernt oder antwortet nicht mehr</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>Zugriff verweigert</translation>
    </message>
    <message>
        <source>writing to it failed</source>
        <translation>das Schreiben ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Serial device %1 is gone (%2); the link is kept and reopened when it is back</source>
        <translation>Das serielle Gerät %1 ist weg (%2); die Verbindung bleibt bestehen und wird wieder geöffnet, sobald es zurück ist</translation>
    </message>
    <message>
        <source>Serial device %1 is back; reconnected at %2 baud</source>
        <translation>Das serielle Gerät %1 ist zurück; neu verbunden mit %2 Baud</translation>
    </message>
    <message>
        <source>its path disappeared</source>
        <translation>sein Pfad ist verschwunden</translation>
    </message>
    <message>
        <source>cannot detect the baud rate: %1 is not open</source>
        <translation>die Baudrate kann nicht erkannt werden: %1 ist nicht geöffnet</translation>
    </message>
    <message>
        <source>cannot detect the baud rate of %1: no rates to try</source>
        <translation>die Baudrate von %1 kann nicht erkannt werden: keine Raten zum Ausprobieren</translation>
    </message>
    <message>
        <source>no MAVLink at any baud rate on %1 (tried %2)</source>
        <translation>kein MAVLink auf %1 bei irgendeiner Baudrate (versucht: %2)</translation>
    </message>
</context>
<context>
    <name>navigator::SimulationWorker</name>
    <message>
        <source>The simulation is already running.</source>
        <translation>Die Simulation läuft bereits.</translation>
    </message>
    <message>
        <source>Real-time scheduling (SCHED_FIFO, priority %1) was refused: %2. The simulator runs at normal priority; expect overruns while the machine is busy.</source>
        <translation>Echtzeit-Scheduling (SCHED_FIFO, Priorität %1) wurde verweigert: %2. Der Simulator läuft mit normaler Priorität; bei ausgelastetem Rechner ist mit Überläufen zu rechnen.</translation>
    </message>
    <message>
        <source>The simulator&apos;s thread runs at normal priority (--rt-priority 0): expect overruns while the machine is busy.</source>
        <translation>Der Thread des Simulators läuft mit normaler Priorität (--rt-priority 0): bei ausgelasteter Maschine sind Überläufe zu erwarten.</translation>
    </message>
    <message>
        <source>The simulator&apos;s thread runs in real time (SCHED_FIFO, priority %1).</source>
        <translation>Der Thread des Simulators läuft in Echtzeit (SCHED_FIFO, Priorität %1).</translation>
    </message>
</context>
<context>
    <name>navigator::SitlProcess</name>
    <message>
        <source>vayu_sitl did not stop within %1 ms of SIGTERM: killing it</source>
        <translation>vayu_sitl hat sich nicht innerhalb von %1 ms nach SIGTERM beendet: wird zwangsweise beendet</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>Signal %1</translation>
    </message>
    <message>
        <source>vayu_sitl is already running (pid %1)</source>
        <translation>vayu_sitl läuft bereits (PID %1)</translation>
    </message>
    <message>
        <source>The SITL firmware was not found at %1</source>
        <translation>Die SITL-Firmware wurde unter %1 nicht gefunden</translation>
    </message>
    <message>
        <source>The SITL firmware at %1 is not executable</source>
        <translation>Die SITL-Firmware unter %1 ist nicht ausführbar</translation>
    </message>
    <message>
        <source>was killed by %1</source>
        <translation>wurde durch %1 beendet</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>wurde mit Code %1 beendet</translation>
    </message>
    <message>
        <source>vayu_sitl %1</source>
        <translation>vayu_sitl %1</translation>
    </message>
    <message>
        <source>; its last output:
%1</source>
        <translation>; letzte Ausgabe:
%1</translation>
    </message>
    <message>
        <source>vayu_sitl could not be started from %1: %2</source>
        <translation>vayu_sitl konnte nicht aus %1 gestartet werden: %2</translation>
    </message>
</context>
<context>
    <name>navigator::SitlSession</name>
    <message>
        <source>The simulation is already running.</source>
        <translation>Die Simulation läuft bereits.</translation>
    </message>
    <message>
        <source>Cannot create a folder for the simulator&apos;s pipes: %1</source>
        <translation>Für die Pipes des Simulators kann kein Ordner angelegt werden: %1</translation>
    </message>
    <message>
        <source>The SITL firmware did not start: %1</source>
        <translation>Die SITL-Firmware ist nicht gestartet: %1</translation>
    </message>
    <message>
        <source>New mass properties are flown by this station&apos;s own simulator only; the attached one in %1 keeps the airframe it was started with.</source>
        <translation>Neue Masseeigenschaften fliegt nur der eigene Simulator dieser Bodenstation; der verbundene in %1 behält das Flugwerk, mit dem er gestartet wurde.</translation>
    </message>
    <message>
        <source>%1/vsim_ctl: %2; not sent: %3</source>
        <translation>%1/vsim_ctl: %2; nicht gesendet: %3</translation>
    </message>
    <message>
        <source>no simulator reads it</source>
        <translation>kein Simulator liest sie</translation>
    </message>
    <message>
        <source>the pipe is full</source>
        <translation>die Pipe ist voll</translation>
    </message>
    <message>
        <source>New mass properties take effect when the PX4 or ArduPilot world is started again.</source>
        <translation>Neue Masseeigenschaften wirken, wenn die PX4- oder ArduPilot-Welt erneut gestartet wird.</translation>
    </message>
    <message>
        <source>The vehicles flown by PX4 or ArduPilot are reset by stopping and starting the simulation (the autopilots keep their own state).</source>
        <translation>Die von PX4 oder ArduPilot geflogenen Fahrzeuge werden durch Stoppen und Starten der Simulation zurückgesetzt (die Autopiloten behalten ihren eigenen Zustand).</translation>
    </message>
    <message>
        <source>Another MAVLink source is sending to UDP %1 from %2:%3%4 — not this station&apos;s SITL firmware: kept out of its link (it cannot be armed or flown from here).</source>
        <translation>Eine andere MAVLink-Quelle sendet an UDP %1 von %2:%3%4 — nicht die SITL-Firmware dieser Station: aus ihrer Verbindung herausgehalten (sie kann von hier weder scharf geschaltet noch geflogen werden).</translation>
    </message>
    <message>
        <source> (system %1)</source>
        <translation> (System %1)</translation>
    </message>
    <message>
        <source>, system %1</source>
        <translation>, System %1</translation>
    </message>
    <message>
        <source>No simulation runs: start one to hold its vehicle by hand.</source>
        <translation>Es läuft keine Simulation: Starten Sie eine, um ihr Fahrzeug von Hand zu halten.</translation>
    </message>
    <message>
        <source>The transmitter flies this station&apos;s own simulated receiver only; PX4 and ArduPilot have none here.</source>
        <translation>Der Sender fliegt nur den eigenen simulierten Empfänger dieser Station; PX4 und ArduPilot haben hier keinen.</translation>
    </message>
    <message>
        <source>No simulation runs: start one for its receiver to hear the transmitter.</source>
        <translation>Keine Simulation läuft: Eine starten, damit ihr Empfänger den Sender hört.</translation>
    </message>
</context>
<context>
    <name>navigator::Station</name>
    <message>
        <source>Simulation started: pipes in %1, MAVLink on UDP port %2.</source>
        <translation>Simulation gestartet: Pipes in %1, MAVLink auf UDP-Port %2.</translation>
    </message>
    <message>
        <source>%1 vehicle(s) wait for %2 on %3 %4:%5 and up (one instance each; Help → User Guide, Vehicles).</source>
        <translation>%1 Fahrzeug(e) warten auf %2 über %3 %4:%5 und folgende (je eine Instanz; Hilfe → Benutzerhandbuch, Fahrzeuge).</translation>
    </message>
    <message>
        <source>The simulator&apos;s ports listen on this machine only; navigator --listen ADDRESS opens them to a network (for an autopilot in a container or on another machine).</source>
        <translation>Die Ports des Simulators lauschen nur auf diesem Rechner; navigator --listen ADRESSE öffnet sie für ein Netz (für einen Autopiloten in einem Container oder auf einem anderen Rechner).</translation>
    </message>
    <message>
        <source>The simulator&apos;s ports are open to the network on %1: anyone who reaches them can drive the vehicles&apos; motors.</source>
        <translation>Die Ports des Simulators sind auf %1 für das Netz offen: Wer sie erreicht, kann die Motoren der Fahrzeuge steuern.</translation>
    </message>
    <message>
        <source>%1 flies the vehicle</source>
        <translation>%1 fliegt das Fahrzeug</translation>
    </message>
    <message>
        <source>%1 flies each of the %2 vehicles</source>
        <translation>%1 fliegt jedes der %2 Fahrzeuge</translation>
    </message>
    <message>
        <source>Attached to the simulator in %1 (vsim_d, e.g. scripts/sitl.sh); MAVLink on UDP port %2.</source>
        <translation>Mit dem Simulator in %1 verbunden (vsim_d, z. B. scripts/sitl.sh); MAVLink auf UDP-Port %2.</translation>
    </message>
    <message>
        <source>flies the simulator in %1</source>
        <translation>fliegt den Simulator in %1</translation>
    </message>
    <message>
        <source>Flying new mass properties: %1 kg.</source>
        <translation>Fliegt mit neuen Masseeigenschaften: %1 kg.</translation>
    </message>
    <message>
        <source>Disconnecting the board from %1: the flasher needs the port</source>
        <translation>Trenne das Board von %1: Der Flasher braucht die Schnittstelle</translation>
    </message>
    <message>
        <source>No airframe to fly: start the simulation (or give --airframe) first.</source>
        <translation>Kein Flugwerk zum Fliegen: zuerst die Simulation starten (oder --airframe angeben).</translation>
    </message>
    <message>
        <source>The vehicle is armed. Land and disarm it first: a changed vehicle starts with its motors stopped and the firmware disarmed, which in the air is a free fall.</source>
        <translation>Das Fahrzeug ist scharf. Zuerst landen und entschärfen: Ein geändertes Fahrzeug beginnt mit stehenden Motoren und entschärfter Firmware, und das wäre in der Luft ein freier Fall.</translation>
    </message>
    <message>
        <source>New mass properties refused: %1</source>
        <translation>Neue Masseeigenschaften abgelehnt: %1</translation>
    </message>
    <message>
        <source>Navigator will not fly %1 kg: %2</source>
        <translation>Navigator fliegt keine %1 kg: %2</translation>
    </message>
</context>
<context>
    <name>navigator::TcpTransport</name>
    <message>
        <source>No answer from %1:%2 over TCP within %3 s</source>
        <translation>Keine Antwort von %1:%2 über TCP innerhalb von %3 s</translation>
    </message>
    <message>
        <source>No TCP address to connect to (host &quot;%1&quot;, port %2)</source>
        <translation>Keine TCP-Adresse zum Verbinden (Host „%1“, Port %2)</translation>
    </message>
    <message>
        <source>TCP %1:%2</source>
        <translation>TCP %1:%2</translation>
    </message>
    <message>
        <source>TCP %1:%2, connecting</source>
        <translation>TCP %1:%2, verbinde</translation>
    </message>
    <message>
        <source>TCP %1:%2 (closed)</source>
        <translation>TCP %1:%2 (geschlossen)</translation>
    </message>
    <message>
        <source>Connection to %1 refused: nothing listens there over TCP</source>
        <translation>Verbindung zu %1 abgelehnt: Dort lauscht nichts über TCP</translation>
    </message>
    <message>
        <source>The vehicle at %1 closed the TCP connection</source>
        <translation>Das Fahrzeug unter %1 hat die TCP-Verbindung geschlossen</translation>
    </message>
    <message>
        <source>Host &quot;%1&quot; not found</source>
        <translation>Host „%1“ nicht gefunden</translation>
    </message>
    <message>
        <source>TCP connection to %1 lost: %2</source>
        <translation>TCP-Verbindung zu %1 verloren: %2</translation>
    </message>
    <message>
        <source>Cannot connect to %1 over TCP: %2</source>
        <translation>Keine TCP-Verbindung zu %1 möglich: %2</translation>
    </message>
</context>
<context>
    <name>navigator::TelemetryPlots</name>
    <message>
        <source>motor %1</source>
        <translation>Motor %1</translation>
    </message>
    <message>
        <source>Accelerometer (sensor axes)</source>
        <translation>Beschleunigungsmesser (Sensorachsen)</translation>
    </message>
    <message>
        <source>Gyro (sensor axes)</source>
        <translation>Gyroskop (Sensorachsen)</translation>
    </message>
    <message>
        <source>Magnetometer (sensor axes)</source>
        <translation>Magnetometer (Sensorachsen)</translation>
    </message>
    <message>
        <source>Wind (NED)</source>
        <translation>Wind (NED)</translation>
    </message>
    <message>
        <source>gust north</source>
        <translation>Böe Nord</translation>
    </message>
    <message>
        <source>gust east</source>
        <translation>Böe Ost</translation>
    </message>
    <message>
        <source>gust down</source>
        <translation>Böe abwärts</translation>
    </message>
    <message>
        <source>airspeed</source>
        <translation>Fluggeschwindigkeit</translation>
    </message>
    <message>
        <source>Motor duty</source>
        <translation>Motor-Tastgrad</translation>
    </message>
    <message>
        <source>Rotor speed</source>
        <translation>Rotordrehzahl</translation>
    </message>
    <message>
        <source>Attitude: true vs estimated</source>
        <translation>Fluglage: wahr vs. geschätzt</translation>
    </message>
    <message>
        <source>motor %1 %2</source>
        <translation>Motor %1 %2</translation>
    </message>
    <message>
        <source>front</source>
        <translation>vorn</translation>
    </message>
    <message>
        <source>front right</source>
        <translation>vorn rechts</translation>
    </message>
    <message>
        <source>right</source>
        <translation>rechts</translation>
    </message>
    <message>
        <source>rear right</source>
        <translation>hinten rechts</translation>
    </message>
    <message>
        <source>rear</source>
        <translation>hinten</translation>
    </message>
    <message>
        <source>rear left</source>
        <translation>hinten links</translation>
    </message>
    <message>
        <source>left</source>
        <translation>links</translation>
    </message>
    <message>
        <source>front left</source>
        <translation>vorn links</translation>
    </message>
    <message>
        <source>accel </source>
        <translation>Beschl. </translation>
    </message>
    <message>
        <source>gyro </source>
        <translation>Gyro </translation>
    </message>
    <message>
        <source>mag </source>
        <translation>Mag </translation>
    </message>
    <message>
        <source>wind north</source>
        <translation>Wind Nord</translation>
    </message>
    <message>
        <source>wind east</source>
        <translation>Wind Ost</translation>
    </message>
    <message>
        <source>wind down</source>
        <translation>Wind unten</translation>
    </message>
    <message>
        <source>roll true</source>
        <translation>Rollen wahr</translation>
    </message>
    <message>
        <source>pitch true</source>
        <translation>Nicken wahr</translation>
    </message>
    <message>
        <source>yaw true</source>
        <translation>Gieren wahr</translation>
    </message>
    <message>
        <source>roll est.</source>
        <translation>Rollen gesch.</translation>
    </message>
    <message>
        <source>pitch est.</source>
        <translation>Nicken gesch.</translation>
    </message>
    <message>
        <source>yaw est.</source>
        <translation>Gieren gesch.</translation>
    </message>
</context>
<context>
    <name>navigator::TimelineBar</name>
    <message>
        <source>Position in the span on show: drag or click to move</source>
        <translation>Position im gezeigten Abschnitt: zum Verschieben ziehen oder klicken</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>Wiedergabegeschwindigkeit</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Start of the span the timeline and the plots show</source>
        <translation>Beginn des Abschnitts, den Zeitleiste und Diagramme zeigen</translation>
    </message>
    <message>
        <source>End of the span the timeline and the plots show</source>
        <translation>Ende des Abschnitts, den Zeitleiste und Diagramme zeigen</translation>
    </message>
    <message>
        <source>Whole log</source>
        <translation>Ganzes Log</translation>
    </message>
    <message>
        <source>Show the whole log again</source>
        <translation>Wieder das ganze Log zeigen</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>%1 / %2 s</source>
        <translation>%1 / %2 s</translation>
    </message>
</context>
<context>
    <name>navigator::TuneJob</name>
    <message>
        <source>Max evaluations</source>
        <translation>Max. Auswertungen</translation>
    </message>
    <message>
        <source>The tuner stopped: %1</source>
        <translation>Die Abstimmung ist abgebrochen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 kg, Ixx %3, Iyy %4, Izz %5 kg·m², %n rotors</source>
        <translation>
            <numerusform>%1: %2 kg, Ixx %3, Iyy %4, Izz %5 kg·m², %n Rotor</numerusform>
            <numerusform>%1: %2 kg, Ixx %3, Iyy %4, Izz %5 kg·m², %n Rotoren</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is flying: start the simulation or choose another airframe.</source>
        <translation>Nichts fliegt: die Simulation starten oder ein anderes Flugwerk wählen.</translation>
    </message>
    <message>
        <source>The airframe the Fly page flies. %1</source>
        <translation>Das Flugwerk, das die Seite Fliegen fliegt. %1</translation>
    </message>
    <message>
        <source>The Inertia Inspector has no reliable result: open a closed mesh there first.</source>
        <translation>Der Trägheits-Inspektor hat kein verlässliches Ergebnis: dort zuerst ein geschlossenes Netz öffnen.</translation>
    </message>
    <message>
        <source>The vehicle cannot have the Inertia Inspector&apos;s mass properties: %1</source>
        <translation>Das Fahrzeug kann die Masseeigenschaften des Trägheits-Inspektors nicht haben: %1</translation>
    </message>
    <message>
        <source>The Inertia Inspector&apos;s mass, centre of mass and inertia tensor (mesh axes as chosen there) on %1&apos;s rotors, IMU and feet%2. %3</source>
        <translation>Masse, Schwerpunkt und Trägheitstensor des Trägheits-Inspektors (Netzachsen wie dort gewählt) mit Rotoren, IMU und Füßen von %1%2. %3</translation>
    </message>
    <message>
        <source> (the airframe flying)</source>
        <translation> (das fliegende Flugwerk)</translation>
    </message>
    <message>
        <source>Choose an airframe file.</source>
        <translation>Eine Flugwerk-Datei wählen.</translation>
    </message>
    <message>
        <source>Choose an airframe.</source>
        <translation>Ein Flugwerk wählen.</translation>
    </message>
    <message>
        <source>These gains were tuned for %1; the vehicle flies %2.</source>
        <translation>Diese Verstärkungen wurden für %1 abgestimmt; das Fahrzeug fliegt %2.</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Zeitlimit</translation>
    </message>
</context>
<context>
    <name>navigator::TunePage</name>
    <message>
        <source>rate loop</source>
        <translation>Ratenregler</translation>
    </message>
    <message>
        <source>angle loop</source>
        <translation>Winkelregler</translation>
    </message>
    <message>
        <source>altitude loop</source>
        <translation>Höhenregler</translation>
    </message>
    <message>
        <source>all gains at once</source>
        <translation>alle Verstärkungen zugleich</translation>
    </message>
    <message>
        <source>Best cost so far (per flight, lower is better)</source>
        <translation>Beste Kosten bisher (je Flug, niedriger ist besser)</translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation>Auswertung</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>The best cost found so far in each stage, after every candidate gain set flown. Each stage scores its own manoeuvres, so each has its own line.</source>
        <translation>Die besten bisher gefundenen Kosten jeder Stufe, nach jedem geflogenen Kandidatensatz von Verstärkungen. Jede Stufe bewertet ihre eigenen Manöver und hat daher eine eigene Linie.</translation>
    </message>
    <message>
        <source>Not tuned: %1</source>
        <translation>Nicht abgestimmt: %1</translation>
    </message>
    <message>
        <source>Tune cancelled: nothing was tuned, written or saved.</source>
        <translation>Abstimmung abgebrochen: Nichts wurde abgestimmt, geschrieben oder gespeichert.</translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation>bestätigt</translation>
    </message>
    <message>
        <source>Writing: %1 of %2 confirmed by the vehicle…</source>
        <translation>Schreibe: %1 von %2 vom Fahrzeug bestätigt…</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>nicht gesendet</translation>
    </message>
    <message>
        <source>Choose the airframe and the options, then Start.</source>
        <translation>Flugwerk und Optionen wählen, dann Start.</translation>
    </message>
    <message>
        <source>The airframe to tune: the one flying now, the Inertia Inspector&apos;s mass properties on it, a shipped airframe or a file</source>
        <translation>Das abzustimmende Flugwerk: das gerade fliegende, die Masseeigenschaften des Trägheits-Inspektors darauf, ein mitgeliefertes Flugwerk oder eine Datei</translation>
    </message>
    <message>
        <source>Airframe</source>
        <translation>Flugwerk</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>Staged: rate, shaping, angle, altitude</source>
        <translation>Gestuft: Rate bis Höhe, 4 Stufen</translation>
    </message>
    <message>
        <source>Joint: all thirteen parameters at once</source>
        <translation>Gemeinsam: alle 13 zugleich</translation>
    </message>
    <message>
        <source>Staged tunes the rate loop first on the rate manoeuvres, then the stick shaping, the angle loop and the altitude loop; joint searches every gain on every manoeuvre</source>
        <translation>Gestuft stimmt zuerst den Ratenregler an den Ratenmanövern ab, dann Knüppelformung, Winkelregler und Höhenregler; gemeinsam sucht alle Verstärkungen an allen Manövern</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>Start&amp;wert:</translation>
    </message>
    <message>
        <source>Max &amp;evaluations:</source>
        <translation>Max. &amp;Auswertungen:</translation>
    </message>
    <message>
        <source>S&amp;trategy:</source>
        <translation>S&amp;trategie:</translation>
    </message>
    <message>
        <source>Start Tuning</source>
        <translation>Abstimmung starten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Write to Vehicle</source>
        <translation>Auf Fahrzeug schreiben</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Tuned gains</source>
        <translation>Abgestimmte Verstärkungen</translation>
    </message>
    <message>
        <source>Flying now: %1</source>
        <translation>Fliegt gerade: %1</translation>
    </message>
    <message>
        <source>Flying now (nothing is flying)</source>
        <translation>Fliegt gerade (nichts fliegt)</translation>
    </message>
    <message>
        <source>Inertia Inspector&apos;s mass properties</source>
        <translation>Masseeigenschaften des Trägheits-Inspektors</translation>
    </message>
    <message>
        <source>Inertia Inspector&apos;s mass properties (no mesh result)</source>
        <translation>Masseeigenschaften des Trägheits-Inspektors (kein Netz-Ergebnis)</translation>
    </message>
    <message>
        <source>Airframe file…</source>
        <translation>Flugwerk-Datei…</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Datei: %1</translation>
    </message>
    <message>
        <source>Tune an Airframe File</source>
        <translation>Eine Flugwerk-Datei abstimmen</translation>
    </message>
    <message>
        <source>Airframes (*.yaml *.yml *.json);;All files (*)</source>
        <translation>Flugwerke (*.yaml *.yml *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>A tune is already running.</source>
        <translation>Es läuft bereits eine Abstimmung.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Starte…</translation>
    </message>
    <message>
        <source>Tuning %1: flying the first candidates…</source>
        <translation>Stimme %1 ab: fliege die ersten Kandidaten…</translation>
    </message>
    <message>
        <source>Not running</source>
        <translation>Läuft nicht</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n evaluations</source>
        <translation>
            <numerusform>Fertig: %n Auswertung</numerusform>
            <numerusform>Fertig: %n Auswertungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>%1 not run</source>
        <translation>%1 nicht gelaufen</translation>
    </message>
    <message numerus="yes">
        <source>Tuned %1: %n evaluations (search %2 s, with the checks %3 s); cost per flight: %4.</source>
        <translation>
            <numerusform>%1 abgestimmt: %n Auswertung (Suche %2 s, mit den Prüfungen %3 s); Kosten je Flug: %4.</numerusform>
            <numerusform>%1 abgestimmt: %n Auswertungen (Suche %2 s, mit den Prüfungen %3 s); Kosten je Flug: %4.</numerusform>
        </translation>
    </message>
    <message>
        <source>Write the tuned gains to the connected vehicle: every value is checked against the firmware&apos;s ranges first, then each is confirmed by the vehicle&apos;s echo</source>
        <translation>Die abgestimmten Verstärkungen auf das verbundene Fahrzeug schreiben: Jeder Wert wird zuerst gegen die Bereiche der Firmware geprüft, dann jeder durch das Echo des Fahrzeugs bestätigt</translation>
    </message>
    <message>
        <source>No vehicle connected</source>
        <translation>Kein Fahrzeug verbunden</translation>
    </message>
    <message numerus="yes">
        <source>Writing %n parameters to the vehicle…</source>
        <translation>
            <numerusform>Schreibe %n Parameter auf das Fahrzeug…</numerusform>
            <numerusform>Schreibe %n Parameter auf das Fahrzeug…</numerusform>
        </translation>
    </message>
    <message>
        <source>Save Tuned Parameters</source>
        <translation>Abgestimmte Parameter speichern</translation>
    </message>
    <message>
        <source>Parameter files (*.txt *.params);;All files (*)</source>
        <translation>Parameterdateien (*.txt *.params);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Nothing to save: no tune has finished.</source>
        <translation>Nichts zu speichern: Keine Abstimmung ist fertig.</translation>
    </message>
    <message>
        <source>joint search</source>
        <translation>gemeinsame Suche</translation>
    </message>
    <message>
        <source>staged search</source>
        <translation>gestufte Suche</translation>
    </message>
    <message>
        <source>Tuned by Navigator&apos;s Tune page: %1, seed %2, %3, %4 evaluations%5.</source>
        <translation>Abgestimmt auf der Seite Abstimmen von Navigator: %1, Startwert %2, %3, %4 Auswertungen%5.</translation>
    </message>
    <message>
        <source>The tuned gains only; the other parameters keep their values.</source>
        <translation>Nur die abgestimmten Verstärkungen; die anderen Parameter behalten ihre Werte.</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n parameters to %1.</source>
        <translation>
            <numerusform>%n Parameter in %1 gespeichert.</numerusform>
            <numerusform>%n Parameter in %1 gespeichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>not accepted</source>
        <translation>nicht angenommen</translation>
    </message>
    <message>
        <source>Not tuned: %1 The last result (%2) is still on show.</source>
        <translation>Nicht abgestimmt: %1 Das letzte Ergebnis (%2) wird weiter gezeigt.</translation>
    </message>
    <message>
        <source>Tune cancelled: nothing new was tuned; the last result (%1) is still on show.</source>
        <translation>Abstimmung abgebrochen: nichts Neues wurde abgestimmt; das letzte Ergebnis (%1) wird weiter gezeigt.</translation>
    </message>
    <message>
        <source>Write them anyway?</source>
        <translation>Trotzdem schreiben?</translation>
    </message>
    <message>
        <source>Not written: the gains were tuned for another vehicle.</source>
        <translation>Nicht geschrieben: die Verstärkungen wurden für ein anderes Fahrzeug abgestimmt.</translation>
    </message>
    <message>
        <source>Checking: %1</source>
        <translation>Prüfe: %1</translation>
    </message>
    <message>
        <source>Tuning %1: flying %2 (%3 s).</source>
        <translation>Abstimmung %1: fliege %2 (%3 s).</translation>
    </message>
    <message>
        <source>%v of %m candidates</source>
        <translation>%v von %m Kandidaten</translation>
    </message>
    <message>
        <source>Tuning %1, %2: generation %3 of at most %4, best cost %5 (%6 s). The checks on the whole set and the held-out flights follow the search.</source>
        <translation>Abstimmung %1, %2: Generation %3 von höchstens %4, beste Kosten %5 (%6 s). Die Prüfungen auf der ganzen Menge und die zurückgehaltenen Flüge folgen der Suche.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every aim met.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Alle Ziele erreicht.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Met:</source>
        <translation>Erreicht:</translation>
    </message>
    <message>
        <source>Fly every candidate with the connected vehicle&apos;s parameters (as read from it) under the tuned gains, and start the search from its gains instead of the firmware&apos;s defaults</source>
        <translation>Jeden Kandidaten mit den (von ihm gelesenen) Parametern des verbundenen Fahrzeugs unter den abgestimmten Verstärkungen fliegen und die Suche bei seinen Verstärkungen statt bei den Vorgaben der Firmware beginnen</translation>
    </message>
    <message>
        <source>No vehicle connected to take the parameters from.</source>
        <translation>Kein Fahrzeug verbunden, von dem die Parameter kommen könnten.</translation>
    </message>
    <message>
        <source>The vehicle has not listed all its parameters yet (read them on the Fly page&apos;s Parameters tab).</source>
        <translation>Das Fahrzeug hat noch nicht alle Parameter gemeldet (auf der Flugseite im Reiter Parameter lesen).</translation>
    </message>
    <message>
        <source>The vehicle&apos;s %1 = %2 is outside the flight core&apos;s range.</source>
        <translation>%1 = %2 des Fahrzeugs liegt außerhalb des Bereichs des Flugkerns.</translation>
    </message>
    <message>
        <source>The vehicle lists none of the flight core&apos;s parameters: it is not a Vayu vehicle.</source>
        <translation>Das Fahrzeug meldet keinen Parameter des Flugkerns: es ist kein Vayu-Fahrzeug.</translation>
    </message>
    <message>
        <source>Use the &amp;vehicle&apos;s parameters</source>
        <translation>Parameter des &amp;Fahrzeugs verwenden</translation>
    </message>
    <message>
        <source>stick shaping</source>
        <translation>Knüppelformung</translation>
    </message>
    <message>
        <source>A guard against a search running far too long (0: none). The search&apos;s length is its evaluation cap, the same on any computer; a search this limit cuts gives gains that are not the reproducible result.</source>
        <translation>Ein Schutz gegen eine viel zu lange laufende Suche (0: keiner). Die Länge der Suche ist ihre Obergrenze an Auswertungen, auf jedem Rechner gleich; eine von diesem Limit gekürzte Suche ergibt Verstärkungen, die nicht das reproduzierbare Ergebnis sind.</translation>
    </message>
    <message>
        <source>Seeds the robustness and held-out vehicles: the same airframe, options and seed give the same gains (unless the time limit cuts the search)</source>
        <translation>Startwert für die Robustheits- und Prüffahrzeuge: dasselbe Flugwerk, dieselben Optionen und derselbe Startwert ergeben dieselben Verstärkungen (außer das Zeitlimit kürzt die Suche)</translation>
    </message>
    <message>
        <source>Time &amp;limit:</source>
        <translation>Zeit&amp;limit:</translation>
    </message>
    <message>
        <source>Offer it although it is not a safe improvement</source>
        <translation>Auch ohne sichere Verbesserung anbieten</translation>
    </message>
    <message>
        <source>A tune is offered when it meets every aim, or when it is safe and flies no worse than the default gains on every test flight (then it says which performance aims it misses). Otherwise it is not offered for writing or saving; tick this to offer it anyway (a saved file says why).</source>
        <translation>Eine Abstimmung wird angeboten, wenn sie jedes Ziel erreicht oder wenn sie sicher ist und bei keinem Testflug schlechter fliegt als die Standardverstärkungen (dann nennt sie die verfehlten Leistungsziele). Andernfalls wird sie weder zum Schreiben noch zum Speichern angeboten; ankreuzen, um sie trotzdem anzubieten (eine gespeicherte Datei nennt den Grund).</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Offered: safe, and it flies better than the default gains on every test flight — but it misses %n of its performance aims, as far as this airframe can reach them:&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;Angeboten: sicher, und sie fliegt bei jedem Testflug besser als die Standardverstärkungen — verfehlt aber %n ihrer Leistungsziele, soweit dieses Flugwerk sie erreichen kann:&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;Angeboten: sicher, und sie fliegt bei jedem Testflug besser als die Standardverstärkungen — verfehlt aber %n ihrer Leistungsziele, soweit dieses Flugwerk sie erreichen kann:&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not offered: %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;Nicht angeboten: %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The time limit cut the search short: these gains are not the result the same airframe and seed give every time.</source>
        <translation>Das Zeitlimit hat die Suche gekürzt: Diese Verstärkungen sind nicht das Ergebnis, das dasselbe Flugwerk mit demselben Startwert jedes Mal ergibt.</translation>
    </message>
    <message>
        <source> (CUT BY THE TIME LIMIT: not the reproducible result of this airframe and seed)</source>
        <translation> (VOM ZEITLIMIT GEKÜRZT: nicht das reproduzierbare Ergebnis dieses Flugwerks und Startwerts)</translation>
    </message>
    <message>
        <source>NOT A SAFE IMPROVEMENT, offered anyway on the Tune page: %1</source>
        <translation>KEINE SICHERE VERBESSERUNG, auf der Seite Abstimmen trotzdem angeboten: %1</translation>
    </message>
    <message>
        <source>Safe and no worse than the defaults on every held-out flight, but MISSES these performance aims:</source>
        <translation>Sicher und auf keinem Prüfflug schlechter als die Standardwerte, VERFEHLT aber diese Leistungsziele:</translation>
    </message>
    <message>
        <source>  MISSED: %1</source>
        <translation>  VERFEHLT: %1</translation>
    </message>
    <message>
        <source>Cap on candidate gain sets over all stages, shared among them as the automatic search shares its generations (automatic: %1 generations of %2 candidates in all)</source>
        <translation>Obergrenze der Kandidaten-Verstärkungssätze über alle Stufen, unter ihnen so geteilt, wie die automatische Suche ihre Generationen teilt (automatisch: insgesamt %1 Generationen zu je %2 Kandidaten)</translation>
    </message>
</context>
<context>
    <name>navigator::TuneResultsView</name>
    <message>
        <source>roll [°]</source>
        <translation>Rollen [°]</translation>
    </message>
    <message>
        <source>pitch [°]</source>
        <translation>Nicken [°]</translation>
    </message>
    <message>
        <source>roll rate [°/s]</source>
        <translation>Rollrate [°/s]</translation>
    </message>
    <message>
        <source>pitch rate [°/s]</source>
        <translation>Nickrate [°/s]</translation>
    </message>
    <message>
        <source>yaw rate [°/s]</source>
        <translation>Gierrate [°/s]</translation>
    </message>
    <message>
        <source>climb rate [m/s]</source>
        <translation>Steigrate [m/s]</translation>
    </message>
    <message>
        <source>tilt [°]</source>
        <translation>Neigung [°]</translation>
    </message>
    <message>
        <source>× %1 or more</source>
        <translation>× %1 oder mehr</translation>
    </message>
    <message>
        <source>× %1</source>
        <translation>× %1</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>Tuned</source>
        <translation>Abgestimmt</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Vehicle</source>
        <translation>Fahrzeug</translation>
    </message>
    <message>
        <source>The gains the tuner moved: their values before the tune (the firmware&apos;s defaults) and tuned. The Vehicle column says what the vehicle did with each when written.</source>
        <translation>Die Verstärkungen, die die Abstimmung verändert hat: ihre Werte vor der Abstimmung (die Vorgaben der Firmware) und abgestimmt. Die Spalte Fahrzeug sagt, was das Fahrzeug beim Schreiben mit jedem Wert getan hat.</translation>
    </message>
    <message>
        <source>Manoeuvre</source>
        <translation>Manöver</translation>
    </message>
    <message>
        <source>Overshoot [%]</source>
        <translation>Überschwingen [%]</translation>
    </message>
    <message>
        <source>Settling [s]</source>
        <translation>Einschwingen [s]</translation>
    </message>
    <message>
        <source>Tilt RMS [°]</source>
        <translation>Neigung RMS [°]</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Gescheitert</translation>
    </message>
    <message>
        <source>Overshoot and settling time of the worst held-out flight, the tilt&apos;s RMS in gusts (mean), and the flights that failed a hard constraint: before → tuned. Green: better, red: worse.</source>
        <translation>Überschwingen und Einschwingzeit des schlechtesten Prüfflugs, der RMS der Neigung in Böen (Mittel) und die Flüge, die eine harte Bedingung verletzt haben: vorher → abgestimmt. Grün: besser, rot: schlechter.</translation>
    </message>
    <message>
        <source>The manoeuvre whose response is shown</source>
        <translation>Das Manöver, dessen Antwort gezeigt wird</translation>
    </message>
    <message>
        <source>Step response</source>
        <translation>Sprungantwort</translation>
    </message>
    <message>
        <source>&amp;Manoeuvre:</source>
        <translation>&amp;Manöver:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Gains&lt;/b&gt;: before → tuned</source>
        <translation>&lt;b&gt;Verstärkungen&lt;/b&gt;: vorher → abgestimmt</translation>
    </message>
    <message>
        <source>Stability margins: run a tune to see them.</source>
        <translation>Stabilitätsreserven: eine Abstimmung laufen lassen, um sie zu sehen.</translation>
    </message>
    <message>
        <source>Step response: run a tune to see the default and tuned gains fly it</source>
        <translation>Sprungantwort: eine Abstimmung laufen lassen, um Vorgabe- und abgestimmte Verstärkungen sie fliegen zu sehen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stability margins&lt;/b&gt; (every robustness vehicle stays stable), before → tuned:&lt;br&gt;rate-loop gains %1 → %2 · motor time constants %3 → %4</source>
        <translation>&lt;b&gt;Stabilitätsreserven&lt;/b&gt; (jedes Robustheitsfahrzeug bleibt stabil), vorher → abgestimmt:&lt;br&gt;Verstärkungen des Ratenreglers %1 → %2 · Motorzeitkonstanten %3 → %4</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>Mean %1 % → %2 %</source>
        <translation>Mittel %1 % → %2 %</translation>
    </message>
    <message>
        <source>Mean %1 s → %2 s</source>
        <translation>Mittel %1 s → %2 s</translation>
    </message>
    <message>
        <source>Worst %1° → %2°</source>
        <translation>Schlechtester %1° → %2°</translation>
    </message>
    <message>
        <source>%1 → %2 of %3</source>
        <translation>%1 → %2 von %3</translation>
    </message>
    <message>
        <source>%1: the nominal airframe&apos;s held-out flight, default and tuned gains</source>
        <translation>%1: Prüfflug des nominellen Flugwerks, Vorgabe- und abgestimmte Verstärkungen</translation>
    </message>
    <message>
        <source>time [s]</source>
        <translation>Zeit [s]</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>Sollwert</translation>
    </message>
    <message>
        <source>default gains</source>
        <translation>Vorgabe-Verstärkungen</translation>
    </message>
    <message>
        <source>tuned gains</source>
        <translation>abgestimmte Verstärkungen</translation>
    </message>
    <message>
        <source>height change [m]</source>
        <translation>Höhenänderung [m]</translation>
    </message>
    <message>
        <source>&lt;b&gt;Held-out flights&lt;/b&gt; (other seeds, calm air and winds, and 12 airframes the tuning never flew), worst flight: before → tuned</source>
        <translation>&lt;b&gt;Zurückgehaltene Flüge&lt;/b&gt; (andere Seeds, Windstille und Wind sowie 12 Fluggeräte, auf denen nie abgestimmt wurde), schlechtester Flug: vorher → abgestimmt</translation>
    </message>
    <message>
        <source>switched on</source>
        <translation>eingeschaltet</translation>
    </message>
</context>
<context>
    <name>navigator::UdpTransport</name>
    <message>
        <source>UDP port %1 is already in use (another ground station or a second Navigator?)</source>
        <translation>UDP-Port %1 ist bereits belegt (eine andere Bodenstation oder ein zweiter Navigator?)</translation>
    </message>
    <message>
        <source>cannot listen on UDP port %1: %2</source>
        <translation>kann nicht auf UDP-Port %1 lauschen: %2</translation>
    </message>
    <message>
        <source>UDP port %1 (closed)</source>
        <translation>UDP-Port %1 (geschlossen)</translation>
    </message>
    <message>
        <source>UDP port %1, waiting for a vehicle</source>
        <translation>UDP-Port %1, warte auf ein Fahrzeug</translation>
    </message>
    <message>
        <source>UDP port %1 ⇄ %2:%3</source>
        <translation>UDP-Port %1 ⇄ %2:%3</translation>
    </message>
    <message numerus="yes">
        <source>UDP port %1 ⇄ %n vehicles</source>
        <translation>
            <numerusform>UDP-Port %1 ⇄ %n Fahrzeug</numerusform>
            <numerusform>UDP-Port %1 ⇄ %n Fahrzeuge</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>navigator::UserGuideWindow</name>
    <message>
        <source>Navigator user guide</source>
        <translation>Navigator-Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vorwärts</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>The user guide is not installed at %1.</source>
        <translation>Das Benutzerhandbuch ist nicht unter %1 installiert.</translation>
    </message>
    <message>
        <source>en</source>
        <comment>user guide language folder</comment>
        <translation>de</translation>
    </message>
    <message>
        <source>This page has not been translated yet: it is shown in English.</source>
        <translation>Diese Seite gibt es noch nicht auf Deutsch: Hier steht der englische Text.</translation>
    </message>
</context>
<context>
    <name>navigator::VayuParameters</name>
    <message>
        <source>Estimator: accelerometer correction gain</source>
        <translation>Schätzer: Korrekturverstärkung des Beschleunigungsmessers</translation>
    </message>
    <message>
        <source>Estimator: gyro bias learning gain</source>
        <translation>Schätzer: Lernverstärkung für den Kreisel-Offset</translation>
    </message>
    <message>
        <source>Estimator: trust the accelerometer only within this fraction of g</source>
        <translation>Schätzer: dem Beschleunigungsmesser nur innerhalb dieses Anteils von g trauen</translation>
    </message>
    <message>
        <source>Estimator: magnetometer heading gain [1/s] (0: no magnetometer)</source>
        <translation>Schätzer: Kursverstärkung des Magnetometers [1/s] (0: kein Magnetometer)</translation>
    </message>
    <message>
        <source>Estimator: tilt from GPS velocity, loop frequency squared [1/s^2] (0: accelerometer only)</source>
        <translation>Schätzer: Neigung aus der GPS-Geschwindigkeit, Quadrat der Regelkreisfrequenz [1/s^2] (0: nur Beschleunigungsmesser)</translation>
    </message>
    <message>
        <source>Magnetic declination: true north = magnetic north + this, east positive</source>
        <translation>Missweisung: geografisch Nord = magnetisch Nord + dieser Wert, Ost positiv</translation>
    </message>
    <message>
        <source>Sensor axes to vehicle axes: 0 none, 1-3 yaw 90/180/270, 4 roll 180, 5-7 roll 180 + yaw 90/180/270</source>
        <translation>Sensorachsen zu Fahrzeugachsen: 0 keine Drehung, 1-3 Gieren 90/180/270, 4 Rollen 180, 5-7 Rollen 180 + Gieren 90/180/270</translation>
    </message>
    <message>
        <source>The vehicle&apos;s up at rest: 0 body -z (multirotors), 1 body +x (a vertical lander); flown in axes with up -z</source>
        <translation>Oben des Fahrzeugs in Ruhe: 0 Körper -z (Multikopter), 1 Körper +x (ein senkrechter Lander); geflogen wird in Achsen mit oben -z</translation>
    </message>
    <message>
        <source>Angle loop roll/pitch gain</source>
        <translation>Winkelregler: Verstärkung Rollen/Nicken</translation>
    </message>
    <message>
        <source>Heading hold gain</source>
        <translation>Verstärkung der Kurshaltung</translation>
    </message>
    <message>
        <source>ANGLE/ALT_HOLD stick shaping: the tilt set-point follows the stick through three critically damped poles of this time constant, its rate and acceleration fed forward [s] (0: off; below 0.01 taken as 0.01)</source>
        <translation>Knüppelformung in ANGLE/ALT_HOLD: Der Neigungssollwert folgt dem Knüppel über drei kritisch gedämpfte Pole dieser Zeitkonstante, seine Rate und Beschleunigung werden vorgesteuert [s] (0: aus; unter 0,01 gilt 0,01)</translation>
    </message>
    <message>
        <source>Roll/pitch feedforward of the shaped angular acceleration [normalised torque per rad/s^2] (with ANG_RP_TC)</source>
        <translation>Rollen/Nicken: Vorsteuerung der geformten Winkelbeschleunigung [normiertes Drehmoment pro rad/s^2] (mit ANG_RP_TC)</translation>
    </message>
    <message>
        <source>Roll/pitch rate P</source>
        <translation>Roll-/Nickrate P</translation>
    </message>
    <message>
        <source>Roll/pitch rate I</source>
        <translation>Roll-/Nickrate I</translation>
    </message>
    <message>
        <source>Roll/pitch rate D</source>
        <translation>Roll-/Nickrate D</translation>
    </message>
    <message>
        <source>Yaw rate P</source>
        <translation>Gierrate P</translation>
    </message>
    <message>
        <source>Yaw rate I</source>
        <translation>Gierrate I</translation>
    </message>
    <message>
        <source>Rate derivative low-pass cutoff</source>
        <translation>Grenzfrequenz des Tiefpasses im D-Anteil der Ratenregler</translation>
    </message>
    <message>
        <source>Rate integrator limit</source>
        <translation>Begrenzung des Ratenintegrators</translation>
    </message>
    <message>
        <source>ANGLE/ALT_HOLD: tilt at full stick</source>
        <translation>ANGLE/ALT_HOLD: Neigung bei vollem Knüppelausschlag</translation>
    </message>
    <message>
        <source>Sticks: 0 vehicle axes; 1 pilot between the axes (pitch=Y+X, yaw=-Y+X about the body, twist turns); 2 as 1, twist an angle</source>
        <translation>Knüppel: 0 Fahrzeugachsen; 1 Pilot zwischen den Achsen (Nicken=Y+X, Gieren=-Y+X um den Körper, Drehknüppel dreht); 2 wie 1, Drehknüppel als Winkel</translation>
    </message>
    <message>
        <source>Gyro full scale [deg/s]: beyond it a warning (flight goes on); 0 unknown</source>
        <translation>Messbereich des Kreisels [Grad/s]: darüber eine Warnung (der Flug geht weiter); 0 unbekannt</translation>
    </message>
    <message>
        <source>ACRO: roll/pitch rate at full stick</source>
        <translation>ACRO: Roll-/Nickrate bei vollem Knüppelausschlag</translation>
    </message>
    <message>
        <source>Yaw rate at full stick</source>
        <translation>Gierrate bei vollem Knüppelausschlag</translation>
    </message>
    <message>
        <source>Stick deadband around centre</source>
        <translation>Totzone des Knüppels um die Mitte</translation>
    </message>
    <message>
        <source>ALT_HOLD: climb rate at full throttle deflection</source>
        <translation>ALT_HOLD: Steigrate bei vollem Gasausschlag</translation>
    </message>
    <message>
        <source>ALT_HOLD: altitude to climb-rate gain</source>
        <translation>ALT_HOLD: Verstärkung Höhe zu Steigrate</translation>
    </message>
    <message>
        <source>ALT_HOLD: climb-rate to acceleration gain</source>
        <translation>ALT_HOLD: Verstärkung Steigrate zu Beschleunigung</translation>
    </message>
    <message>
        <source>ALT_HOLD: climb-rate integrator</source>
        <translation>ALT_HOLD: Integrator der Steigrate</translation>
    </message>
    <message>
        <source>POSITION: position error to horizontal velocity gain</source>
        <translation>POSITION: Verstärkung Positionsfehler zu horizontaler Geschwindigkeit</translation>
    </message>
    <message>
        <source>POSITION: velocity error to horizontal acceleration gain</source>
        <translation>POSITION: Verstärkung Geschwindigkeitsfehler zu horizontaler Beschleunigung</translation>
    </message>
    <message>
        <source>POSITION: velocity error integrator</source>
        <translation>POSITION: Integrator des Geschwindigkeitsfehlers</translation>
    </message>
    <message>
        <source>POSITION: horizontal speed at full stick</source>
        <translation>POSITION: horizontale Geschwindigkeit bei vollem Knüppelausschlag</translation>
    </message>
    <message>
        <source>Normalised thrust that hovers (learned in ALT_HOLD)</source>
        <translation>Normierter Schwebeschub (in ALT_HOLD gelernt)</translation>
    </message>
    <message>
        <source>Motor duty when armed at zero throttle</source>
        <translation>Motor-Tastverhältnis, wenn scharf bei Gas null</translation>
    </message>
    <message>
        <source>1: thrust grows with duty squared (duty = sqrt(thrust)); 0: linear</source>
        <translation>1: Schub wächst mit dem Quadrat des Tastverhältnisses (Tastverhältnis = sqrt(Schub)); 0: linear</translation>
    </message>
    <message>
        <source>Mixer: 0 quad X, PX4 motor order (FR, RL, FL, RR); 1 from the rotor geometry (CA_ROTOR*)</source>
        <translation>Mischer: 0 Quad X, Motorreihenfolge wie PX4 (VR, HL, VL, HR); 1 aus der Rotorgeometrie (CA_ROTOR*)</translation>
    </message>
    <message>
        <source>Mode at start: 0 ACRO, 1 ANGLE, 2 ALT_HOLD, 3 POSITION</source>
        <translation>Flugmodus beim Start: 0 ACRO, 1 ANGLE, 2 ALT_HOLD, 3 POSITION</translation>
    </message>
    <message>
        <source>Arming refused above this tilt</source>
        <translation>Scharfschalten über dieser Neigung abgelehnt</translation>
    </message>
    <message>
        <source>Arming refused above this throttle stick</source>
        <translation>Scharfschalten über dieser Gasknüppelstellung abgelehnt</translation>
    </message>
    <message>
        <source>Failsafe descent rate</source>
        <translation>Sinkrate im Failsafe</translation>
    </message>
    <message>
        <source>Landed when still at minimum thrust this long</source>
        <translation>Gelandet, wenn so lange ruhig bei minimalem Schub</translation>
    </message>
    <message>
        <source>MAVLink system id</source>
        <translation>MAVLink-System-ID</translation>
    </message>
    <message>
        <source>Disarm this long after landing, throttle not raised; 0 never</source>
        <translation>So lange nach dem Landen entschärfen, wenn das Gas nicht erhöht wird; 0 nie</translation>
    </message>
    <message>
        <source>Rotors in the geometry that MIXER 1 allocates from</source>
        <translation>Rotoren der Geometrie, auf die MIXER 1 verteilt</translation>
    </message>
    <message>
        <source>Rotor %1: position forward of the centre of mass</source>
        <translation>Rotor %1: Position vor dem Schwerpunkt</translation>
    </message>
    <message>
        <source>Rotor %1: position right of the centre of mass</source>
        <translation>Rotor %1: Position rechts vom Schwerpunkt</translation>
    </message>
    <message>
        <source>Rotor %1: position below the centre of mass</source>
        <translation>Rotor %1: Position unter dem Schwerpunkt</translation>
    </message>
    <message>
        <source>Rotor %1: unit thrust axis, forward part</source>
        <translation>Rotor %1: Schubachse (Einheitsvektor), Anteil nach vorn</translation>
    </message>
    <message>
        <source>Rotor %1: unit thrust axis, right part</source>
        <translation>Rotor %1: Schubachse (Einheitsvektor), Anteil nach rechts</translation>
    </message>
    <message>
        <source>Rotor %1: unit thrust axis, down part (-1: thrust up)</source>
        <translation>Rotor %1: Schubachse (Einheitsvektor), Anteil nach unten (-1: Schub nach oben)</translation>
    </message>
    <message>
        <source>Rotor %1: reaction torque per thrust [m]; + turning counter-clockwise about its thrust axis, 0 none</source>
        <translation>Rotor %1: Reaktionsmoment pro Schub [m]; + dreht gegen den Uhrzeigersinn um seine Schubachse, 0 keines</translation>
    </message>
    <message>
        <source>1/s</source>
        <translation>1/s</translation>
    </message>
    <message>
        <source>1/s^2</source>
        <translation>1/s^2</translation>
    </message>
    <message>
        <source>deg</source>
        <translation>Grad</translation>
    </message>
    <message>
        <source>per rad/s</source>
        <translation>pro rad/s</translation>
    </message>
    <message>
        <source>per rad</source>
        <translation>pro rad</translation>
    </message>
    <message>
        <source>per rad/s^2</source>
        <translation>pro rad/s^2</translation>
    </message>
    <message>
        <source>Hz</source>
        <translation>Hz</translation>
    </message>
    <message>
        <source>normalised torque</source>
        <translation>normiertes Drehmoment</translation>
    </message>
    <message>
        <source>deg/s</source>
        <translation>Grad/s</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>m/s</source>
        <translation>m/s</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>Failsafe after this long without pilot input (MANUAL_CONTROL or receiver)</source>
        <translation>Failsafe nach so langer Zeit ohne Piloteneingaben (MANUAL_CONTROL oder Empfänger)</translation>
    </message>
    <message>
        <source>Pilot input: 0 station (MANUAL_CONTROL) only, 1 radio receiver only, 2 receiver first, station when it is lost</source>
        <translation>Piloteneingaben: 0 nur Station (MANUAL_CONTROL), 1 nur Funkempfänger, 2 zuerst Empfänger, bei dessen Ausfall die Station</translation>
    </message>
    <message>
        <source>Receiver channel of the roll stick</source>
        <translation>Empfängerkanal des Rollknüppels</translation>
    </message>
    <message>
        <source>Receiver channel of the pitch stick</source>
        <translation>Empfängerkanal des Nickknüppels</translation>
    </message>
    <message>
        <source>Receiver channel of the throttle stick</source>
        <translation>Empfängerkanal des Gasknüppels</translation>
    </message>
    <message>
        <source>Receiver channel of the yaw stick</source>
        <translation>Empfängerkanal des Gierknüppels</translation>
    </message>
    <message>
        <source>RC channel %1: pulse at the stick&apos;s low end</source>
        <translation>RC-Kanal %1: Impulsbreite am unteren Anschlag des Knüppels</translation>
    </message>
    <message>
        <source>RC channel %1: pulse at the stick&apos;s centre</source>
        <translation>RC-Kanal %1: Impulsbreite in der Knüppelmitte</translation>
    </message>
    <message>
        <source>RC channel %1: pulse at the stick&apos;s high end</source>
        <translation>RC-Kanal %1: Impulsbreite am oberen Anschlag des Knüppels</translation>
    </message>
    <message>
        <source>RC channel %1: 1 reversed (a shorter pulse means right, forward, up)</source>
        <translation>RC-Kanal %1: 1 umgekehrt (ein kürzerer Impuls bedeutet rechts, vorwärts, oben)</translation>
    </message>
    <message>
        <source>RC channel %1: deadband around the centre</source>
        <translation>RC-Kanal %1: Totzone um die Mitte</translation>
    </message>
    <message>
        <source>Battery: volts per volt at the ADC pin (the voltage divider)</source>
        <translation>Akku: Volt pro Volt am ADC-Pin (der Spannungsteiler)</translation>
    </message>
    <message>
        <source>Battery: amps per volt at the current sensor&apos;s ADC pin</source>
        <translation>Akku: Ampere pro Volt am ADC-Pin des Stromsensors</translation>
    </message>
    <message>
        <source>Battery: current sensor&apos;s pin voltage at zero current</source>
        <translation>Akku: Pinspannung des Stromsensors bei Strom null</translation>
    </message>
    <message>
        <source>Battery: cells in series (0: estimated when it is connected)</source>
        <translation>Akku: Zellen in Reihe (0: beim Anschließen geschätzt)</translation>
    </message>
    <message>
        <source>Battery: capacity (0: unknown, remaining from the voltage)</source>
        <translation>Akku: Kapazität (0: unbekannt, Restladung aus der Spannung)</translation>
    </message>
    <message>
        <source>Battery: cell voltage taken as empty</source>
        <translation>Akku: Zellenspannung, die als leer gilt</translation>
    </message>
    <message>
        <source>Battery: cell voltage taken as full</source>
        <translation>Akku: Zellenspannung, die als voll gilt</translation>
    </message>
    <message>
        <source>Battery: low below this cell voltage</source>
        <translation>Akku: schwach unter dieser Zellenspannung</translation>
    </message>
    <message>
        <source>Battery: critical below this cell voltage</source>
        <translation>Akku: kritisch unter dieser Zellenspannung</translation>
    </message>
    <message>
        <source>Battery: low below this remaining charge (with a capacity)</source>
        <translation>Akku: schwach unter dieser Restladung (bei bekannter Kapazität)</translation>
    </message>
    <message>
        <source>Battery: critical below this remaining charge (with a capacity)</source>
        <translation>Akku: kritisch unter dieser Restladung (bei bekannter Kapazität)</translation>
    </message>
    <message>
        <source>Battery critical while armed: 0 warn only, 1 level, descend and land as the failsafe</source>
        <translation>Akku kritisch, während scharf geschaltet: 0 nur warnen, 1 waagerecht ausrichten, sinken und landen wie im Failsafe</translation>
    </message>
    <message>
        <source>us</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>A/V</source>
        <translation>A/V</translation>
    </message>
    <message>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <source>mAh</source>
        <translation>mAh</translation>
    </message>
    <message>
        <source>Gyro calibration: offset subtracted, sensor %1</source>
        <translation>Gyro-Kalibrierung: abgezogener Versatz, Sensorachse %1</translation>
    </message>
    <message>
        <source>Accelerometer calibration: offset subtracted, sensor %1</source>
        <translation>Beschleunigungsmesser-Kalibrierung: abgezogener Versatz, Sensorachse %1</translation>
    </message>
    <message>
        <source>Accelerometer calibration: correction matrix, row %1 column %2, times (reading - offset)</source>
        <translation>Beschleunigungsmesser-Kalibrierung: Korrekturmatrix, Zeile %1 Spalte %2, mal (Messwert - Versatz)</translation>
    </message>
    <message>
        <source>Magnetometer calibration: hard-iron offset subtracted, sensor %1</source>
        <translation>Magnetometer-Kalibrierung: abgezogener Hard-Iron-Versatz, Sensorachse %1</translation>
    </message>
    <message>
        <source>Magnetometer calibration: soft-iron matrix, (x,x)</source>
        <translation>Magnetometer-Kalibrierung: Soft-Iron-Matrix, (x,x)</translation>
    </message>
    <message>
        <source>Magnetometer calibration: soft-iron matrix, (y,y)</source>
        <translation>Magnetometer-Kalibrierung: Soft-Iron-Matrix, (y,y)</translation>
    </message>
    <message>
        <source>Magnetometer calibration: soft-iron matrix, (z,z)</source>
        <translation>Magnetometer-Kalibrierung: Soft-Iron-Matrix, (z,z)</translation>
    </message>
    <message>
        <source>Magnetometer calibration: soft-iron matrix, (x,y) = (y,x)</source>
        <translation>Magnetometer-Kalibrierung: Soft-Iron-Matrix, (x,y) = (y,x)</translation>
    </message>
    <message>
        <source>Magnetometer calibration: soft-iron matrix, (x,z) = (z,x)</source>
        <translation>Magnetometer-Kalibrierung: Soft-Iron-Matrix, (x,z) = (z,x)</translation>
    </message>
    <message>
        <source>Magnetometer calibration: soft-iron matrix, (y,z) = (z,y)</source>
        <translation>Magnetometer-Kalibrierung: Soft-Iron-Matrix, (y,z) = (z,y)</translation>
    </message>
    <message>
        <source>Level horizon: the board&apos;s roll on the vehicle, taken out of every sample [deg] (level calibration)</source>
        <translation>Horizontausrichtung: Rollwinkel der Platine im Fahrzeug, aus jeder Messung herausgerechnet [°] (Horizontkalibrierung)</translation>
    </message>
    <message>
        <source>Level horizon: the board&apos;s pitch on the vehicle, taken out of every sample [deg] (level calibration)</source>
        <translation>Horizontausrichtung: Nickwinkel der Platine im Fahrzeug, aus jeder Messung herausgerechnet [°] (Horizontkalibrierung)</translation>
    </message>
    <message>
        <source>rad/s</source>
        <translation>rad/s</translation>
    </message>
    <message>
        <source>m/s^2</source>
        <translation>m/s²</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>gauss</source>
        <translation>Gauß</translation>
    </message>
</context>
<context>
    <name>navigator::Vehicle</name>
    <message>
        <source>Signing is offered for Vayu vehicles only (the SITL firmware and boards).</source>
        <translation>Signieren wird nur für Vayu-Fahrzeuge angeboten (die SITL-Firmware und Boards).</translation>
    </message>
    <message>
        <source>Signing on for system %1: its key is kept in %2 and set on the vehicle; it now takes only frames signed with it.</source>
        <translation>Signatur an für System %1: sein Schlüssel liegt in %2 und ist am Fahrzeug gesetzt; es nimmt jetzt nur noch damit signierte Frames an.</translation>
    </message>
    <message>
        <source>Signing off for system %1: its key is forgotten.</source>
        <translation>Signatur aus für System %1: sein Schlüssel ist vergessen.</translation>
    </message>
</context>
<context>
    <name>navigator::VehicleBinding</name>
    <message>
        <source>[vehicle %1] %2</source>
        <translation>[Fahrzeug %1] %2</translation>
    </message>
    <message>
        <source>system %1</source>
        <translation>System %1</translation>
    </message>
    <message>
        <source>no link</source>
        <translation>keine Verbindung</translation>
    </message>
    <message>
        <source>%1 parameters read.</source>
        <translation>%1 Parameter gelesen.</translation>
    </message>
    <message>
        <source>no GPS</source>
        <translation>kein GPS</translation>
    </message>
    <message>
        <source>no fix</source>
        <translation>keine Position</translation>
    </message>
    <message>
        <source>2-D fix</source>
        <translation>2-D-Position</translation>
    </message>
    <message>
        <source>3-D fix</source>
        <translation>3-D-Position</translation>
    </message>
    <message>
        <source>DGPS</source>
        <translation>DGPS</translation>
    </message>
    <message>
        <source>RTK float</source>
        <translation>RTK Float</translation>
    </message>
    <message>
        <source>RTK fixed</source>
        <translation>RTK Fixed</translation>
    </message>
    <message>
        <source>fix type %1</source>
        <translation>Fix-Typ %1</translation>
    </message>
    <message numerus="yes">
        <source>%n satellites</source>
        <translation>
            <numerusform>%n Satellit</numerusform>
            <numerusform>%n Satelliten</numerusform>
        </translation>
    </message>
    <message>
        <source>HDOP %L1</source>
        <translation>HDOP %L1</translation>
    </message>
    <message>
        <source>%L1°, %L2°, %L3 m above home</source>
        <translation>%L1°, %L2°, %L3 m über dem Startpunkt</translation>
    </message>
    <message>
        <source>±%L1 m</source>
        <translation>±%L1 m</translation>
    </message>
    <message>
        <source>used by the vehicle&apos;s estimate</source>
        <translation>von der Schätzung des Fahrzeugs genutzt</translation>
    </message>
    <message>
        <source>present, not used by the estimate yet</source>
        <translation>vorhanden, von der Schätzung noch nicht genutzt</translation>
    </message>
    <message>
        <source>Pre-arm checks pass now (before, the vehicle said: %1)</source>
        <translation>Die Prüfungen vor dem Scharfschalten sind jetzt bestanden (vorher meldete das Fahrzeug: %1)</translation>
    </message>
</context>
<context>
    <name>navigator::VehicleLink</name>
    <message>
        <source>no vehicle</source>
        <translation>kein Fahrzeug</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>link lost</source>
        <translation>Verbindung verloren</translation>
    </message>
    <message>
        <source>mode %1</source>
        <translation>Modus %1</translation>
    </message>
    <message>
        <source>severity %1</source>
        <translation>Schweregrad %1</translation>
    </message>
    <message>
        <source>Arm</source>
        <translation>Scharf schalten</translation>
    </message>
    <message>
        <source>Force arm</source>
        <translation>Scharf schalten erzwingen</translation>
    </message>
    <message>
        <source>Disarm</source>
        <translation>Entschärfen</translation>
    </message>
    <message>
        <source>Mode %1</source>
        <translation>Flugmodus %1</translation>
    </message>
    <message>
        <source>mode %1.%2</source>
        <translation>Modus %1.%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Takeoff to %L1 m</source>
        <translation>Start auf %L1 m</translation>
    </message>
    <message>
        <source>this vehicle has no automatic take-off (arm, then climb in ALT_HOLD)</source>
        <translation>dieses Fahrzeug hat keinen automatischen Start (scharf schalten, dann in ALT_HOLD steigen)</translation>
    </message>
    <message>
        <source>Land</source>
        <translation>Landen</translation>
    </message>
    <message>
        <source>this vehicle lands in ALT_HOLD with the throttle down</source>
        <translation>dieses Fahrzeug landet in ALT_HOLD mit Gas herunter</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Rückkehr</translation>
    </message>
    <message>
        <source>this vehicle has no return to launch</source>
        <translation>dieses Fahrzeug hat keine Rückkehr zum Startpunkt</translation>
    </message>
</context>
<context>
    <name>navigator::VehicleLinkPanel</name>
    <message>
        <source>The vehicle the panels, instruments and plots show and the sticks command, by system id</source>
        <translation>Das Fahrzeug, das Bedienfelder, Instrumente und Diagramme zeigen und die Steuerknüppel steuern, nach System-ID</translation>
    </message>
    <message>
        <source>PX4 (UDP 14550)</source>
        <translation>PX4 (UDP 14550)</translation>
    </message>
    <message>
        <source>ArduPilot (TCP 127.0.0.1:5760)</source>
        <translation>ArduPilot (TCP 127.0.0.1:5760)</translation>
    </message>
    <message>
        <source>Other address</source>
        <translation>Andere Adresse</translation>
    </message>
    <message>
        <source>PX4&apos;s SITL sends to UDP 14550 (instance i from port 18570+i); ArduPilot&apos;s SITL serves SERIAL0 on TCP 5760 (instance i: 5760+10·i)</source>
        <translation>PX4s SITL sendet an UDP 14550 (Instanz i von Port 18570+i); ArduPilots SITL bietet SERIAL0 auf TCP 5760 an (Instanz i: 5760+10·i)</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>Vehicles</source>
        <translation>Fahrzeuge</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Autopilot link</source>
        <translation>Autopilot-Verbindung</translation>
    </message>
    <message>
        <source>Not connected to an autopilot link.</source>
        <translation>Mit keiner Autopilot-Verbindung verbunden.</translation>
    </message>
    <message>
        <source>udp:PORT, tcp:HOST:PORT or serial:DEVICE[:BAUD]</source>
        <translation>udp:PORT, tcp:HOST:PORT oder serial:DEVICE[:BAUD]</translation>
    </message>
    <message>
        <source>udp:PORT listens on this computer&apos;s UDP port; tcp:HOST:PORT connects to a TCP server; serial:DEVICE[:BAUD] opens a serial port (the baud rate is detected when left out)</source>
        <translation>udp:PORT lauscht auf einem UDP-Port dieses Rechners; tcp:HOST:PORT verbindet mit einem TCP-Server; serial:DEVICE[:BAUD] öffnet eine serielle Schnittstelle (ohne Angabe wird die Baudrate erkannt)</translation>
    </message>
    <message>
        <source>Serial: %1</source>
        <translation>Seriell: %1</translation>
    </message>
</context>
<context>
    <name>navigator::VehicleLogsPanel</name>
    <message>
        <source>List Logs</source>
        <translation>Logs auflisten</translation>
    </message>
    <message>
        <source>Ask the vehicle for the logs it keeps on board</source>
        <translation>Das Fahrzeug nach den Logs fragen, die es an Bord speichert</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Date (UTC)</source>
        <translation>Datum (UTC)</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Herunterladen</translation>
    </message>
    <message>
        <source>Copy the selected log into the log folder</source>
        <translation>Das gewählte Log in den Log-Ordner kopieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Ask for the bytes still missing of a stalled or cancelled download</source>
        <translation>Nach den noch fehlenden Bytes eines stockenden oder abgebrochenen Downloads fragen</translation>
    </message>
    <message>
        <source>&lt;b&gt;On the vehicle&lt;/b&gt;</source>
        <translation>&lt;b&gt;Auf dem Fahrzeug&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Not resumed: %1.</source>
        <translation>Nicht fortgesetzt: %1.</translation>
    </message>
    <message>
        <source>no vehicle</source>
        <translation>kein Fahrzeug</translation>
    </message>
    <message>
        <source>No vehicle is selected.</source>
        <translation>Kein Fahrzeug gewählt.</translation>
    </message>
    <message>
        <source>Cannot list the logs: %1.</source>
        <translation>Die Logs lassen sich nicht auflisten: %1.</translation>
    </message>
    <message>
        <source>Asking the vehicle for its logs…</source>
        <translation>Das Fahrzeug wird nach seinen Logs gefragt…</translation>
    </message>
    <message>
        <source>Cannot download log %1: %2.</source>
        <translation>Log %1 lässt sich nicht herunterladen: %2.</translation>
    </message>
    <message>
        <source>Downloading log %1 into %2…</source>
        <translation>Log %1 wird nach %2 heruntergeladen…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>%1, system %2</source>
        <translation>%1, System %2</translation>
    </message>
</context>
<context>
    <name>navigator::VehicleRoster</name>
    <message>
        <source>fixed wing</source>
        <translation>Starrflügler</translation>
    </message>
    <message>
        <source>quadrotor</source>
        <translation>Quadrokopter</translation>
    </message>
    <message>
        <source>coaxial helicopter</source>
        <translation>Koaxialhubschrauber</translation>
    </message>
    <message>
        <source>helicopter</source>
        <translation>Hubschrauber</translation>
    </message>
    <message>
        <source>rover</source>
        <translation>Rover</translation>
    </message>
    <message>
        <source>boat</source>
        <translation>Boot</translation>
    </message>
    <message>
        <source>submarine</source>
        <translation>U-Boot</translation>
    </message>
    <message>
        <source>hexarotor</source>
        <translation>Hexakopter</translation>
    </message>
    <message>
        <source>octorotor</source>
        <translation>Oktokopter</translation>
    </message>
    <message>
        <source>tricopter</source>
        <translation>Trikopter</translation>
    </message>
    <message>
        <source>dodecarotor</source>
        <translation>Dodekakopter</translation>
    </message>
    <message>
        <source>decarotor</source>
        <translation>Dekakopter</translation>
    </message>
    <message>
        <source>VTOL</source>
        <translation>VTOL</translation>
    </message>
    <message>
        <source>type %1</source>
        <translation>Typ %1</translation>
    </message>
    <message>
        <source>%1 autopilot %2 %3</source>
        <translation>%1 Autopilot %2 %3</translation>
    </message>
    <message>
        <source>rocket</source>
        <translation>Rakete</translation>
    </message>
</context>
<context>
    <name>navigator::VehicleSetupPage</name>
    <message>
        <source>The battery as the vehicle measures it, and the levels it warns and acts at. Apply sends only what changed, and nothing when a value is out of range.</source>
        <translation>Der Akku, wie das Fahrzeug ihn misst, und die Schwellen, bei denen es warnt und handelt. „Übernehmen“ sendet nur Geändertes und gar nichts, wenn ein Wert außerhalb des Bereichs liegt.</translation>
    </message>
    <message>
        <source>What the vehicle does when it loses the radio, the ground station or its battery.</source>
        <translation>Was das Fahrzeug tut, wenn die Fernsteuerung oder die Bodenstation verloren geht oder der Akku nachlässt.</translation>
    </message>
    <message>
        <source>Airframe</source>
        <translation>Flugwerk</translation>
    </message>
    <message>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <source>Radio</source>
        <translation>Fernsteuerung</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>Stromversorgung</translation>
    </message>
    <message>
        <source>Motors</source>
        <translation>Motoren</translation>
    </message>
    <message>
        <source>Safety</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>%1 — done</source>
        <translation>%1 — erledigt</translation>
    </message>
    <message>
        <source>%1 — to do</source>
        <translation>%1 — offen</translation>
    </message>
    <message>
        <source>No vehicle is connected.</source>
        <translation>Kein Fahrzeug verbunden.</translation>
    </message>
    <message>
        <source>System %1: %2, %3 motors.%4</source>
        <translation>System %1: %2, %3 Motoren.%4</translation>
    </message>
    <message>
        <source>System %1: %2, a vehicle type this page has no motor count for (MAV_TYPE %3).</source>
        <translation>System %1: %2, ein Fahrzeugtyp, für den diese Seite keine Motorenzahl kennt (MAV_TYPE %3).</translation>
    </message>
    <message>
        <source>The mode each position of the flight-mode switch gives. Navigator&apos;s firmware reads no switch: it changes mode on the ground station&apos;s command.</source>
        <translation>Der Flugmodus, den jede Stellung des Flugmodusschalters wählt. Navigators Firmware liest keinen Schalter: Sie wechselt den Modus auf Befehl der Bodenstation.</translation>
    </message>
    <message>
        <source>Flight modes</source>
        <translation>Flugmodi</translation>
    </message>
</context>
<context>
    <name>navigator::VehicleSigning</name>
    <message>
        <source>The vehicle&apos;s private link (USB/serial) is not open.</source>
        <translation>Die private Verbindung des Fahrzeugs (USB/seriell) ist nicht offen.</translation>
    </message>
    <message>
        <source>This vehicle has no private link here (USB/serial): a first key can only be set over one.</source>
        <translation>Dieses Fahrzeug hat hier keine private Verbindung (USB/seriell): ein erster Schlüssel kann nur über eine solche gesetzt werden.</translation>
    </message>
    <message>
        <source>No vehicle is heard on this link yet: signing needs its system id.</source>
        <translation>Auf dieser Verbindung ist noch kein Fahrzeug zu hören: das Signieren braucht seine System-ID.</translation>
    </message>
    <message>
        <source>No key could be made: %1</source>
        <translation>Es konnte kein Schlüssel erzeugt werden: %1</translation>
    </message>
    <message>
        <source>No vehicle is heard on this link yet.</source>
        <translation>Auf dieser Verbindung ist noch kein Fahrzeug zu hören.</translation>
    </message>
    <message>
        <source>This link is not signed.</source>
        <translation>Diese Verbindung ist nicht signiert.</translation>
    </message>
    <message>
        <source>%1 frames checked; refused %2 unsigned, %3 wrongly signed, %4 replayed, %5 too old</source>
        <translation>%1 Frames geprüft; abgewiesen: %2 unsigniert, %3 falsch signiert, %4 wiederholt, %5 zu alt</translation>
    </message>
    <message>
        <source>Unsigned: anyone who reaches this link can command the vehicle.</source>
        <translation>Unsigniert: wer diese Verbindung erreicht, kann das Fahrzeug steuern.</translation>
    </message>
    <message>
        <source>Signed (system %1): %2</source>
        <translation>Signiert (System %1): %2</translation>
    </message>
    <message>
        <source>Refusing frames (system %1): %2</source>
        <translation>Weist Frames ab (System %1): %2</translation>
    </message>
</context>
<context>
    <name>navigator::VirtualSticks</name>
    <message>
        <source>Throttle / yaw</source>
        <translation>Schub / Gieren</translation>
    </message>
    <message>
        <source>Pitch / roll</source>
        <translation>Nicken / Rollen</translation>
    </message>
</context>
<context>
    <name>navigator::WindPanel</name>
    <message>
        <source> m/s</source>
        <translation> m/s</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>Steady horizontal wind speed over the ground</source>
        <translation>Konstante horizontale Windgeschwindigkeit über Grund</translation>
    </message>
    <message>
        <source>Compass bearing the wind blows from (0 north, 90 east)</source>
        <translation>Kompassrichtung, aus der der Wind weht (0 Nord, 90 Ost)</translation>
    </message>
    <message>
        <source>Steady vertical wind, up positive</source>
        <translation>Konstanter vertikaler Wind, aufwärts positiv</translation>
    </message>
    <message>
        <source>Turbulence intensity: the RMS of the Dryden gusts on each axis</source>
        <translation>Turbulenzstärke: Effektivwert (RMS) der Dryden-Böen je Achse</translation>
    </message>
    <message>
        <source>Calm</source>
        <translation>Windstill</translation>
    </message>
    <message>
        <source>No wind and no turbulence</source>
        <translation>Kein Wind und keine Turbulenz</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Aus Richtung</translation>
    </message>
    <message>
        <source>Updraft</source>
        <translation>Aufwind</translation>
    </message>
    <message>
        <source>Turbulence σ</source>
        <translation>Turbulenz σ</translation>
    </message>
    <message>
        <source>NED vector</source>
        <translation>NED-Vektor</translation>
    </message>
    <message>
        <source>N %L1, E %L2, D %L3 m/s</source>
        <translation>N %L1, O %L2, U %L3 m/s</translation>
    </message>
</context>
<context>
    <name>navigator::joystick::JoystickManager</name>
    <message>
        <source>The joystick system (SDL) did not start: %1</source>
        <translation>Das Joystick-System (SDL) ist nicht gestartet: %1</translation>
    </message>
    <message>
        <source>Game-controller mappings %1 not read: %2</source>
        <translation>Gamecontroller-Zuordnungen %1 nicht gelesen: %2</translation>
    </message>
    <message>
        <source>Joystick %1 is no longer connected.</source>
        <translation>Joystick %1 ist nicht mehr angeschlossen.</translation>
    </message>
    <message>
        <source>Joystick %1 could not be opened: %2</source>
        <translation>Joystick %1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Joystick %1 (%2): stored calibration refused: %3</source>
        <translation>Joystick %1 (%2): gespeicherte Kalibrierung abgelehnt: %3</translation>
    </message>
    <message>
        <source>No joystick is selected.</source>
        <translation>Kein Joystick ausgewählt.</translation>
    </message>
    <message>
        <source>The calibration has %1 axes; %2 has %3.</source>
        <translation>Die Kalibrierung hat %1 Achsen; %2 hat %3.</translation>
    </message>
    <message>
        <source>axis %1: %2</source>
        <translation>Achse %1: %2</translation>
    </message>
    <message>
        <source>No calibration is running.</source>
        <translation>Es läuft keine Kalibrierung.</translation>
    </message>
</context>
</TS>
