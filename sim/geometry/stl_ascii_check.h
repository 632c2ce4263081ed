// The structure of an ASCII STL, checked before its triangles are read: Assimp's reader takes a
// file cut off inside a facet as far as it goes (the mesh is then merely "not closed") or fails
// with a number parser's words. Here such a file is an error that says where it ends and why.
#pragma once

#include "sim/base/result.h"

#include <optional>
#include <string>

namespace vsim {

// Checks the ASCII STL at `path` against the format's grammar (a `solid` holds facets, each
// `facet normal x y z`, `outer loop`, three `vertex x y z`, `endloop`, `endfacet`; the solid
// ends with `endsolid`; a file may hold several solids). Keywords are matched at the start of
// each line's text, in lower case as the format writes them. Returns the first problem as an Error naming the file
// and the line: a file cut off inside a facet, a keyword out of place, a vertex without three
// numbers, a facet without three vertices, no facet at all, or no closing `endsolid`. Nothing
// when the structure holds (the numbers are then read by Assimp).
std::optional<Error> checkAsciiStl(const std::string& path);

}  // namespace vsim
