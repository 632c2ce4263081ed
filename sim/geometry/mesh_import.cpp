#include "sim/geometry/mesh_import.h"

#include "sim/geometry/child_mesh_reader.h"
#include "sim/geometry/stl_reader.h"

#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <system_error>

namespace vsim {
namespace {

class ProgressRelay final : public Assimp::ProgressHandler {
 public:
  explicit ProgressRelay(const ImportProgress& progress) : progress_(progress) {}
  bool Update(float percentage) override {
    if (progress_ && percentage >= 0.0f && !progress_(std::min(percentage, 1.0f))) cancelled_ = true;
    return !cancelled_;
  }
  bool cancelled() const { return cancelled_; }

 private:
  const ImportProgress& progress_;
  bool cancelled_ = false;
};

Error fileError(const std::string& path, const std::string& problem) { return Error{path + ": " + problem}; }

// Appends the triangles of every mesh under `node`, transformed into the scene's root frame;
// counts in `bad_faces` the faces that name a vertex their mesh does not have.
void collect(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent_to_root, TriangleMesh& out,
             std::size_t& bad_faces) {
  const aiMatrix4x4 node_to_root = parent_to_root * node.mTransformation;
  const bool identity = node_to_root.IsIdentity();
  for (unsigned m = 0; m < node.mNumMeshes; ++m) {
    if (node.mMeshes[m] >= scene.mNumMeshes || scene.mMeshes[node.mMeshes[m]] == nullptr ||
        (scene.mMeshes[node.mMeshes[m]]->mVertices == nullptr && scene.mMeshes[node.mMeshes[m]]->mNumVertices > 0)) {
      ++bad_faces;  // a node naming a mesh the scene does not have, or one without its vertices
      continue;
    }
    const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
    const auto base = static_cast<std::uint32_t>(out.vertices.size());
    out.vertices.reserve(out.vertices.size() + mesh.mNumVertices);
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D p = identity ? mesh.mVertices[v] : node_to_root * mesh.mVertices[v];
      out.vertices.emplace_back(p.x, p.y, p.z);
    }
    out.triangles.reserve(out.triangles.size() + mesh.mNumFaces);
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      bool inside = face.mIndices != nullptr || face.mNumIndices == 0;
      for (unsigned k = 0; inside && k < face.mNumIndices; ++k) inside = face.mIndices[k] < mesh.mNumVertices;
      if (!inside) {
        ++bad_faces;
        continue;
      }
      if (face.mNumIndices < 3) {
        ++out.skipped_primitives;
        continue;
      }
      // A polygon as a fan from its first corner: for a planar polygon, convex or not, the fan's
      // signed areas and moments sum to the polygon's, which is all the integral needs.
      for (unsigned k = 1; k + 1 < face.mNumIndices; ++k)
        out.triangles.push_back({base + face.mIndices[0], base + face.mIndices[k], base + face.mIndices[k + 1]});
    }
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) collect(scene, *node.mChildren[c], node_to_root, out, bad_faces);
}

std::size_t vertexCount(const aiScene& scene) {
  std::size_t n = 0;
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) n += scene.mMeshes[m]->mNumVertices;
  return n;
}

// The problems every reader would meet first, said plainly: nothing, a folder, an empty file.
std::optional<Error> checkReadableFile(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) return fileError(path, "no such file");
  if (std::filesystem::is_directory(status)) return fileError(path, "is a directory, not a mesh file");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return fileError(path, "cannot read the file size: " + ec.message());
  if (size == 0) return fileError(path, "the file is empty");
  if (!std::ifstream(path, std::ios::binary)) return fileError(path, "cannot open the file for reading");
  return std::nullopt;
}

Result<TriangleMesh> readSceneInThisProcess(const std::string& path, const ImportProgress& progress) {
  Assimp::Importer importer;
  auto* relay = new ProgressRelay(progress);  // Assimp 5.2's importer deletes its handler
  importer.SetProgressHandler(relay);
  // No post-processing: no welding (JoinIdenticalVertices costs ~8x the load time on large STL
  // files, and the diagnostics weld by position themselves), and polygons are fanned in
  // collect() rather than by aiProcess_Triangulate, whose assertion aborts the whole program on
  // some malformed files (Assimp 5.2.5, TriangulateProcess.cpp:238; found by fuzz_mesh_import).
  // collect() checks the scene's indices itself.
  const aiScene* scene = importer.ReadFile(path, 0);
  if (relay->cancelled()) return fileError(path, "import cancelled");
  if (scene == nullptr) {
    std::string reason = importer.GetErrorString();
    if (reason.empty()) reason = "not a mesh format this program can read";
    return fileError(path, "cannot read mesh: " + reason);
  }
  if (vertexCount(*scene) >= std::size_t(std::numeric_limits<std::int32_t>::max()))
    return fileError(path, "more than 2^31 vertices; this program cannot index that many");

  TriangleMesh mesh;
  std::size_t bad_faces = 0;
  if (scene->mRootNode != nullptr) collect(*scene, *scene->mRootNode, aiMatrix4x4(), mesh, bad_faces);
  if (bad_faces > 0)
    return fileError(path, std::to_string(bad_faces) + " faces refer to vertices the file does not have");
  if (mesh.triangles.empty()) {
    if (mesh.skipped_primitives > 0)
      return fileError(path, "holds " + std::to_string(mesh.skipped_primitives) + " points or lines but no triangles");
    return fileError(path, "holds no triangles");
  }
  if (progress) progress(1.0f);
  return mesh;
}

// Assimp runs in a child process (child_mesh_reader.h): its readers crash on some malformed
// files (a SEGV in Assimp 5.2.5's OFF reader, found by fuzz_mesh_import), and a crash there
// must be an error about the file, not the end of the station.
Result<TriangleMesh> readWithAssimp(const std::string& path, const ImportProgress& progress,
                                    std::optional<double> time_limit_s) {
  if (!time_limit_s) {
    std::error_code ignored;
    const std::uintmax_t bytes = std::filesystem::file_size(path, ignored);
    time_limit_s = meshReaderTimeLimit_s(bytes == std::uintmax_t(-1) ? 0 : bytes);
  }
  return readMeshInChild(
      path, progress,
      [&path](const ImportProgress& child_progress) { return readSceneInThisProcess(path, child_progress); },
      *time_limit_s);
}

}  // namespace

Result<TriangleMesh> importMesh(const std::string& path, const ImportProgress& progress,
                                std::optional<double> reader_time_limit_s) {
  if (auto error = checkReadableFile(path)) return *error;
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (extension == ".stl") {
    if (auto binary = readBinaryStl(path)) {
      if (binary->ok() && binary->value().triangles.empty()) return fileError(path, "holds no triangles");
      if (progress && binary->ok()) progress(1.0f);
      return std::move(*binary);
    }
  }
  return readWithAssimp(path, progress, reader_time_limit_s);
}

Result<TriangleMesh> importMeshWithAssimp(const std::string& path, const ImportProgress& progress,
                                          std::optional<double> reader_time_limit_s) {
  if (auto error = checkReadableFile(path)) return *error;
  return readWithAssimp(path, progress, reader_time_limit_s);
}

}  // namespace vsim
