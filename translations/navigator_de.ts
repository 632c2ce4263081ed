<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
        <source>Mesh files carry no unit: say which one the mesh was drawn in.</source>
        <translation>Mesh-Dateien enthalten keine Einheit: Geben Sie an, in welcher das Mesh gezeichnet wurde.</translation>
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
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
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
        <source>&lt;b&gt;Navigator %1&lt;/b&gt;&lt;p&gt;Ground station with an embedded multirotor simulator.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Navigator %1&lt;/b&gt;&lt;p&gt;Bodenstation mit eingebautem Multikopter-Simulator.&lt;/p&gt;</translation>
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
</context>
<context>
    <name>navigator::SimulationWorker</name>
    <message>
        <source>The simulation is already running.</source>
        <translation>Die Simulation läuft bereits.</translation>
    </message>
</context>
</TS>
