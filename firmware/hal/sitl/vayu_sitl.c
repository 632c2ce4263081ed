/* vayu_sitl: the flight firmware on a PC. Sensors come from the simulator's vsim_imu pipe
 * (HIL_SENSOR), motor duties go to vsim_pwm (HIL_ACTUATOR_CONTROLS stamped with the sensor
 * frame's time, which is what vsim_d's lockstep waits for), and the ground station talks
 * MAVLink over UDP (to 127.0.0.1:14550 by default, as other autopilots do). The control loop
 * runs once per sensor frame, on the frame's own clock. With --stdin-link, MAVLink frames on
 * standard input are a private link (what USB is to a board: only the process that started the
 * firmware holds it), where SETUP_SIGNING is taken; the key and the signing timestamps persist
 * in the parameter file. */
#define _POSIX_C_SOURCE 200809L
#include "firmware/link/fc_link.h"
#include "firmware/core/flight.h"
#include "firmware/hal/sitl/param_file.h"
#include "firmware/hal/sitl/sitl_chips.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_requested = 0;
static void on_signal(int signal_number) {
  (void)signal_number;
  stop_requested = 1;
}

/* The simulator's liveness, read from the pidfile vsim_d keeps in DIR while it runs (removed on
 * a clean exit, left with a dead pid after a crash): 1 when a live process is named there. Only
 * read, never locked, so that a vsim_d starting at that moment is not disturbed. */
static int simulator_alive(const char* pidfile) {
  FILE* f = fopen(pidfile, "r");
  if (!f) return 0;
  long pid = 0;
  const int got = fscanf(f, "%ld", &pid);
  fclose(f);
  if (got != 1 || pid <= 0) return 0;
  return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

/* Once a simulator has been seen, the firmware stops when none has been alive for this long:
 * nothing would ever fly it again (a vsim_d restarted within it is flown as before). */
#define SIMULATOR_GONE_S 10

static double monotonic_s(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static const char* usage_text =
    "usage: vayu_sitl [--dir DIR] [--gcs-host IP] [--gcs-port N] [--port N] [--listen IP]\n"
    "                 [--params FILE] [--mag-decl-deg DEG] [--stdin-link] [--rt-priority N]\n"
    "                 [--sensors direct|chips] [--chip-fault CHIP:FAULT[@SECONDS]]...\n"
    "       vayu_sitl --param-metadata   (the parameter table as JSON, for ground stations)\n"
    "\n"
    "Runs the flight firmware against vsim_d's pipes in DIR (default /tmp) and talks MAVLink\n"
    "over UDP to a ground station at --gcs-host:--gcs-port (default 127.0.0.1:14550) from local\n"
    "port --port (default 14580; 0 picks one). A station that writes from elsewhere is answered\n"
    "there. The port listens on --listen (default 127.0.0.1: this machine only, since whoever\n"
    "sends to it can arm the vehicle; 0.0.0.0 or an interface's address opens it to a network,\n"
    "which a --gcs-host on another machine needs). Parameters persist in --params (default DIR/vayu_params.txt). "
    "--mag-decl-deg sets\n"
    "MAG_DECL_DEG, the declination of the simulated magnetic field (east positive), over the\n"
    "saved value for this run, so the estimate reads true heading.\n"
    "--stdin-link takes MAVLink frames on standard input as a private link, as a board takes its\n"
    "USB port: SETUP_SIGNING (MAVLink 2 signing) is accepted there, and on UDP only when signed\n"
    "with the key in force. With a key, every unsigned or wrongly signed frame is refused.\n"
    "--rt-priority N runs the firmware under SCHED_FIFO at priority N (1..99), so that a busy machine\n"
    "does not hold its loop back while the simulator's frames wait (needs root, CAP_SYS_NICE or an\n"
    "RLIMIT_RTPRIO of at least N; refused, it says so and runs at normal priority).\n"
    "--sensors chips feeds each HIL_SENSOR's values to the BMX160/BMM150 and BMP388 chip models and\n"
    "flies on what the firmware's own drivers read from them over the bus, as a board reads its chips\n"
    "(and HIL_GPS's fixes feed a u-blox receiver model read through its driver); direct (the default)\n"
    "flies on the HIL values as they come. The battery monitor reads a power module model: with\n"
    "chips a charged 4S pack at 16.8 V and 0 A until the simulator sends its pack (BATTERY_STATUS, an\n"
    "airframe with a battery section); direct fits it when the simulator sends one.\n"
    "--chip-fault CHIP:FAULT[@SECONDS] (with --sensors chips; repeatable) puts a fault into a chip model\n"
    "from the start, or SECONDS of simulated time after the first sensor frame; the firmware's drivers\n"
    "find it and the flight core tells the station (STATUSTEXT, SYS_STATUS's sensor health):\n"
    "  bmx160   none, no-answer, bus-error, wrong-id (start only), stuck, saturated\n"
    "  bmm150   none, wrong-id (start only)\n"
    "  bmp388   none, no-answer, bus-error, wrong-id (start only), stuck, fatal\n"
    "  gps      none, silent, bad-checksum, cut, no-fix\n"
    "  crsf     none, lost, lq-zero, bad-crc, cut   (any crsf entry fits a CRSF receiver, sticks\n"
    "           centred, throttle low, which RC_IN_MODE 2 flies on while it is fresh; vsim_ctl's\n"
    "           transmitter command moves them, and the channels decoded go to the station as\n"
    "           RC_CHANNELS)\n"
    "  battery  none, adc-fails, unplugged, saturated\n"
    "e.g. --chip-fault bmx160:stuck@5 --chip-fault crsf:lost@10.\n";

typedef struct {
  int udp;
  struct sockaddr_in gcs;
  int pwm; /* -1 until vsim_d reads the pipe */
  char pwm_path[4096];
} sitl_t;

static void send_udp(void* context, const uint8_t* frame, size_t length) {
  sitl_t* s = context;
  (void)sendto(s->udp, frame, length, 0, (const struct sockaddr*)&s->gcs, sizeof s->gcs);
  /* Events also go to our own log: a STATUSTEXT is message 253. */
  if (length > 11 && frame[0] == MAVLINK_STX_V2 && frame[7] == 253 && frame[8] == 0 && frame[9] == 0)
    fprintf(stderr, "vayu_sitl: %.*s\n", (int)(frame[1] > 1 ? frame[1] - 1 : 0), (const char*)frame + 11);
}

static void send_pwm(sitl_t* s, const uint8_t* frame, size_t length) {
  if (s->pwm < 0) s->pwm = open(s->pwm_path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (s->pwm < 0) return; /* no simulator reading yet */
  const ssize_t n = write(s->pwm, frame, length);
  if (n < 0 && errno != EAGAIN) {
    close(s->pwm);
    s->pwm = -1;
  }
}

/* A wall-clock interval between control steps longer than this is a gap in the motor outputs. */
#define STEP_GAP_S 0.05

/* What the frame handlers work on. */
typedef struct {
  fc_t* fc;
  fc_link_t* link;
  sitl_t* sitl;
  mavlink_sender_t pwm_sender;
  const char* params_path;
  struct sockaddr_in from; /* where the UDP frame being handled came from */
  uint64_t signing_saved;  /* the signing timestamp when the parameter file was last written */
  long long sensor_frames;
  /* Wall-clock intervals between two control steps longer than STEP_GAP_S: the firmware's loop
   * held back (or the simulator paused); counted for the summary at the end. */
  double last_step_s, longest_step_gap_s;
  long long step_gaps;
  fc_gps_t gps;                  /* the last HIL_GPS fix, handed to the core with the next HIL_SENSOR */
  sitl_chips_t* chips;           /* --sensors chips; NULL: the HIL values go to the core as they are */
  sitl_power_t power;            /* direct: the power module, fitted once the simulator sends its pack (sitl_power.h) */
  bool transmitter_unheard_told; /* the simulator's transmitter came with no receiver to hear it: said once */
  uint64_t next_rc_channels_us;  /* RC_CHANNELS to the station at 5 Hz of simulated time */
} flight_t;

/* A HIL_GPS: kept for the next step. One HIL_SENSOR: a control step, the motor duties back (stamped with the frame's
 * time, which vsim_d's lockstep waits for), telemetry, and the parameters saved if they changed. */
static void on_sensor_frame(void* context, const mavlink_frame_t* frame) {
  flight_t* f = context;
  mavlink_rc_channels_t rc;
  if (mavlink_rc_channels_decode(frame, &rc)) { /* the pilot's transmitter, for the receiver model */
    if ((!f->chips || !sitl_chips_transmitter(f->chips, &rc)) && !f->transmitter_unheard_told) {
      fprintf(stderr,
              "vayu_sitl: the simulator's transmitter is not heard: no receiver is fitted (--sensors chips "
              "with --chip-fault crsf:none fits one)\n");
      f->transmitter_unheard_told = true;
    }
    return;
  }
  mavlink_battery_status_t pack;
  if (mavlink_battery_status_decode(frame, &pack)) { /* the simulator's flight pack, for the next step */
    (void)sitl_power_feed(f->chips ? &f->chips->power : &f->power, &pack);
    return;
  }
  mavlink_hil_gps_t gps;
  if (mavlink_hil_gps_decode(frame, &gps)) {
    if (f->chips)
      sitl_chips_gps(f->chips, &gps); /* the receiver model's truth, read back through the driver */
    else
      fc_gps_from_hil(&gps, &f->gps);
    return;
  }
  mavlink_hil_sensor_t h;
  if (!mavlink_hil_sensor_decode(frame, &h)) return;
  fc_sensors_t sensors;
  fc_sensors_from_hil(&h, &f->gps, &sensors);
  if (f->chips) {
    sitl_chips_apply(f->chips, &h, &sensors, stderr);
    sitl_chips_to_core(f->chips, f->fc);
  } else if (f->power.fed) {
    sitl_power_update(&f->power, h.time_usec);
    sitl_power_to_core(&f->power, f->fc);
  }
  fc_step(f->fc, &sensors);
  ++f->sensor_frames;
  const double now_s = monotonic_s();
  if (f->last_step_s > 0 && now_s - f->last_step_s > STEP_GAP_S) {
    ++f->step_gaps;
    if (now_s - f->last_step_s > f->longest_step_gap_s) f->longest_step_gap_s = now_s - f->last_step_s;
  }
  f->last_step_s = now_s;
  mavlink_hil_actuator_controls_t out;
  fc_hil_actuator_controls(f->fc, h.time_usec, &out);
  uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
  send_pwm(f->sitl, bytes, mavlink_hil_actuator_controls_pack(&f->pwm_sender, &out, bytes));
  fc_link_update(f->link, f->fc, &sensors);
  if (f->chips && h.time_usec >= f->next_rc_channels_us &&
      sitl_chips_rc_channels(f->chips, (uint32_t)(h.time_usec / 1000u), &rc)) {
    fc_link_send(f->link, MAVLINK_MSG_ID_RC_CHANNELS, &rc);
    f->next_rc_channels_us = h.time_usec + 200000u;
  }
}

/* How often the signing timestamp is written while it moves (10 µs units: one second), and how
 * far past the stored one a restarted firmware starts, so that it never signs a timestamp it
 * may have used before (the stored one lags the last used by at most the interval). */
#define SIGNING_SAVE_INTERVAL 100000ull
#define SIGNING_RESTART_MARGIN (2 * SIGNING_SAVE_INTERVAL)

/* A PARAM_SET that took effect, or a new signing key, is saved at once: a firmware stopped
 * right after must come back with it. The signing timestamps are saved once a second while they
 * move, so a restart does not reopen old frames to replay. */
static void save_changed_params(flight_t* f) {
  const mavlink_signing_t* signing = &f->link->signing;
  const bool timestamps_moved =
      signing->enabled && mavlink_signing_now(signing) >= f->signing_saved + SIGNING_SAVE_INTERVAL;
  if (!f->link->params_changed && !f->link->signing_changed && !timestamps_moved) return;
  const bool durable = f->link->signing_changed; /* a new key: on the disk before it is used */
  f->link->params_changed = false;
  f->link->signing_changed = false;
  f->signing_saved = mavlink_signing_now(signing);
  if (sitl_params_save(f->params_path, &f->fc->config.params, signing, durable) != 0)
    fprintf(stderr, "vayu_sitl: %s: cannot save the parameters: %s\n", f->params_path, strerror(errno));
}

/* A frame from UDP: acted on when signing lets it through, and only then is its sender the one
 * answered (an unsigned stranger cannot turn the telemetry its way). */
static void on_gcs_frame(void* context, const mavlink_frame_t* frame) {
  flight_t* f = context;
  if (fc_link_accept(f->link, f->fc, frame, false)) {
    f->sitl->gcs = f->from;
    fc_link_dispatch(f->link, f->fc, frame);
  }
  save_changed_params(f);
}

/* A frame from standard input, the private link. */
static void on_private_frame(void* context, const mavlink_frame_t* frame) {
  flight_t* f = context;
  if (fc_link_accept(f->link, f->fc, frame, true)) fc_link_dispatch(f->link, f->fc, frame);
  save_changed_params(f);
}

static int parse_port(const char* text, int* port) {
  char* end = NULL;
  const long v = strtol(text, &end, 10);
  if (!end || *end != '\0' || v < 0 || v > 65535) return -1;
  *port = (int)v;
  return 0;
}

/* Whether only this machine reaches `a` (127.0.0.0/8). */
static bool is_loopback(struct in_addr a) { return (ntohl(a.s_addr) >> 24) == 127; }

static int usage(const char* problem) {
  fprintf(stderr, "vayu_sitl: %s\n%s", problem, usage_text);
  return 2;
}

/* The command line. */
typedef struct {
  const char* dir;
  const char* gcs_host;
  const char* listen_host;
  const char* params_path; /* NULL: DIR/vayu_params.txt */
  const char* declination_text;
  int gcs_port, local_port;
  int rt_priority; /* 0: normal scheduling */
  bool stdin_link;
  bool sensors_chips;                         /* --sensors chips */
  sitl_chip_fault_t faults[SITL_CHIP_FAULTS]; /* --chip-fault */
  int fault_count;
} options_t;

/* Parses the command line into `o`: -1 to go on, else the exit code (help, metadata, an error). */
static int parse_options(int argc, char** argv, options_t* o) {
  *o = (options_t){"/tmp", "127.0.0.1", "127.0.0.1", NULL, NULL, 14550, 14580, 0, false, false, {{0}}, 0};
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usage_text, stdout);
      return 0;
    }
    if (strcmp(argv[i], "--stdin-link") == 0) {
      o->stdin_link = true;
      continue;
    }
    if (strcmp(argv[i], "--param-metadata") == 0) {
      sitl_params_write_metadata(stdout);
      return 0;
    }
    if (i + 1 >= argc) return usage("an option is missing its value");
    const char* v = argv[++i];
    if (strcmp(argv[i - 1], "--dir") == 0)
      o->dir = v;
    else if (strcmp(argv[i - 1], "--gcs-host") == 0)
      o->gcs_host = v;
    else if (strcmp(argv[i - 1], "--listen") == 0)
      o->listen_host = v;
    else if (strcmp(argv[i - 1], "--params") == 0)
      o->params_path = v;
    else if (strcmp(argv[i - 1], "--mag-decl-deg") == 0)
      o->declination_text = v;
    else if (strcmp(argv[i - 1], "--sensors") == 0) {
      if (strcmp(v, "chips") != 0 && strcmp(v, "direct") != 0) return usage("--sensors must be direct or chips");
      o->sensors_chips = strcmp(v, "chips") == 0;
    } else if (strcmp(argv[i - 1], "--chip-fault") == 0) {
      char problem[384];
      if (o->fault_count >= SITL_CHIP_FAULTS) return usage("at most 16 --chip-fault options");
      if (!sitl_chip_fault_parse(v, &o->faults[o->fault_count], problem, sizeof problem)) return usage(problem);
      ++o->fault_count;
    } else if (strcmp(argv[i - 1], "--gcs-port") == 0) {
      if (parse_port(v, &o->gcs_port) != 0 || o->gcs_port == 0) return usage("--gcs-port must be 1..65535");
    } else if (strcmp(argv[i - 1], "--port") == 0) {
      if (parse_port(v, &o->local_port) != 0) return usage("--port must be 0..65535");
    } else if (strcmp(argv[i - 1], "--rt-priority") == 0) {
      char* end = NULL;
      const long p = strtol(v, &end, 10);
      if (!end || *end != '\0' || p < 0 || p > 99) return usage("--rt-priority must be 0..99 (0: normal scheduling)");
      o->rt_priority = (int)p;
    } else {
      return usage("unknown option");
    }
  }
  if (o->fault_count > 0 && !o->sensors_chips) return usage("--chip-fault needs --sensors chips");
  return -1;
}

/* SIGINT and SIGTERM end the loop; SIGPIPE is ignored (a vanished pipe reader fails a write). */
static void install_signals(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
  signal(SIGPIPE, SIG_IGN);
}

/* --rt-priority: SCHED_FIFO for the firmware's one thread, so that its loop runs as soon as a
 * sensor frame arrives, whatever else the machine does. It blocks in poll() between frames, so it
 * never keeps the processor from others for longer than a control step. Refused: said, and the
 * firmware runs at normal priority. */
static void request_realtime(int priority) {
  if (priority <= 0) return;
  struct sched_param param;
  memset(&param, 0, sizeof param);
  param.sched_priority = priority;
  if (sched_setscheduler(0, SCHED_FIFO, &param) == 0)
    fprintf(stderr, "vayu_sitl: real-time scheduling (SCHED_FIFO, priority %d)\n", priority);
  else
    fprintf(stderr,
            "vayu_sitl: real-time scheduling (SCHED_FIFO, priority %d) refused: %s (needs root, CAP_SYS_NICE or an "
            "RLIMIT_RTPRIO of at least %d); running at normal priority: a busy machine can hold the loop back\n",
            priority, strerror(errno), priority);
}

/* The core, set up from the parameter file (its signing key and timestamps into `stored`) and
 * --mag-decl-deg, in its default mode: -1 to go on, else the exit code. */
static int start_core(fc_t* fc, const options_t* o, mavlink_signing_t* stored) {
  fc_mixer_table_t mixer;
  fc_mixer_quad_x(&mixer);
  fc_init(fc, &mixer);
  mavlink_signing_init(stored, NULL, 0);
  if (sitl_params_load(o->params_path, &fc->config.params, stored, stderr) < 0) {
    fprintf(stderr,
            "vayu_sitl: %s: the MAVLink signing key cannot be read, and the firmware does not start unsigned in its "
            "place: mend the file, or remove its SIGNING_ lines to start without a key\n",
            o->params_path);
    return 1;
  }
  fc_apply_allocation(fc); /* a saved geometry (MIXER 1) is in force from the first step */
  if (o->declination_text) {
    char* end = NULL;
    const double declination = strtod(o->declination_text, &end);
    const fc_param_result_t r = end != o->declination_text && *end == '\0'
                                    ? fc_param_set(&fc->config.params, FC_PARAM_MAG_DECL_DEG, (float)declination)
                                    : FC_PARAM_NOT_FINITE;
    if (r != FC_PARAM_OK) {
      fprintf(stderr, "vayu_sitl: --mag-decl-deg %s: %s (-180..180 degrees)\n", o->declination_text,
              fc_param_result_text(r));
      return 2;
    }
    fprintf(stderr, "vayu_sitl: MAG_DECL_DEG %.3f (the simulated field's declination)\n", declination);
  }
  fc->state.mode = (vayu_mode_t)(int)fc_param(&fc->config.params, FC_PARAM_MODE_DEFAULT);
  return -1;
}

/* The simulator's pipes in DIR, made if absent: vsim_imu opened into `*imu`, vsim_pwm's path
 * kept for when vsim_d reads it. -1 to go on, else the exit code. */
static int open_pipes(const char* dir, sitl_t* s, int* imu) {
  s->pwm = -1;
  snprintf(s->pwm_path, sizeof s->pwm_path, "%s/vsim_pwm", dir);
  char imu_path[4096];
  snprintf(imu_path, sizeof imu_path, "%s/vsim_imu", dir);
  mkdir(dir, 0755);
  if (mkfifo(imu_path, 0660) != 0 && errno != EEXIST) {
    fprintf(stderr, "vayu_sitl: %s: cannot create the named pipe: %s\n", imu_path, strerror(errno));
    return 1;
  }
  mkfifo(s->pwm_path, 0660);
  /* Read-write, so the pipe never reads end-of-file while vsim_d restarts. */
  *imu = open(imu_path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (*imu < 0) {
    fprintf(stderr, "vayu_sitl: %s: %s\n", imu_path, strerror(errno));
    return 1;
  }
  return -1;
}

/* The ground station's UDP socket, bound to --listen:--port (`*local` the address it got), and
 * the station's address: -1 to go on, else the exit code. A loopback port cannot reach a
 * station on another machine, so that pairing is refused. */
static int open_udp(const options_t* o, sitl_t* s, struct sockaddr_in* local) {
  memset(local, 0, sizeof *local);
  local->sin_family = AF_INET;
  local->sin_port = htons((uint16_t)o->local_port);
  if (inet_pton(AF_INET, o->listen_host, &local->sin_addr) != 1) return usage("--listen must be an IPv4 address");
  s->gcs.sin_family = AF_INET;
  s->gcs.sin_port = htons((uint16_t)o->gcs_port);
  if (inet_pton(AF_INET, o->gcs_host, &s->gcs.sin_addr) != 1) return usage("--gcs-host must be an IPv4 address");
  if (is_loopback(local->sin_addr) && !is_loopback(s->gcs.sin_addr)) {
    fprintf(stderr,
            "vayu_sitl: --gcs-host %s is not on this machine, but the MAVLink port listens on %s only: add --listen "
            "0.0.0.0 "
            "(or the address of the interface that reaches %s)\n",
            o->gcs_host, o->listen_host, o->gcs_host);
    return 2;
  }
  s->udp = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (s->udp < 0 || bind(s->udp, (const struct sockaddr*)local, sizeof *local) != 0) {
    fprintf(stderr, "vayu_sitl: UDP %s:%d: %s\n", o->listen_host, o->local_port, strerror(errno));
    return 1;
  }
  socklen_t local_length = sizeof *local;
  getsockname(s->udp, (struct sockaddr*)local, &local_length);
  return -1;
}

/* The MAVLink link on UDP, signing with the stored key (if any) from past its stored timestamp;
 * the stored copy is wiped once taken over. */
static void start_link(fc_link_t* link, fc_t* fc, sitl_t* s, mavlink_signing_t* stored) {
  fc_link_init(link, fc, send_udp, s);
  mavlink_signing_set_clock(&link->signing, (uint64_t)(monotonic_s() * 1e5));
  if (stored->enabled) {
    mavlink_signing_set_key(&link->signing, stored->key, stored->timestamp + SIGNING_RESTART_MARGIN);
    memcpy(link->signing.streams, stored->streams, sizeof stored->streams);
  }
  memset(stored, 0, sizeof *stored);
}

/* Whether the simulator serving DIR is gone for good: checked once a second from its pidfile;
 * once one has been seen, none alive for SIMULATOR_GONE_S means nothing will fly us again. */
typedef struct {
  char pidfile[4096];
  int seen;
  double last_alive_s, checked_s;
} simulator_watch_t;

static bool simulator_gone(simulator_watch_t* w, const char* dir) {
  const double now_s = monotonic_s();
  if (now_s - w->checked_s < 1.0) return false;
  w->checked_s = now_s;
  if (simulator_alive(w->pidfile)) {
    w->seen = 1;
    w->last_alive_s = now_s;
  } else if (w->seen && now_s - w->last_alive_s >= SIMULATOR_GONE_S) {
    fprintf(stderr, "vayu_sitl: the simulator of %s is gone (no live process in %s for %d s): stopping\n", dir,
            w->pidfile, SIMULATOR_GONE_S);
    return true;
  }
  return false;
}

/* Where the frames come in: the sensor pipe, UDP, and standard input when it is the private
 * link; a parser each. */
typedef struct {
  int imu;
  bool stdin_link;
  mavlink_parser_t imu_parser, udp_parser, stdin_parser;
} inputs_t;

/* The loop: each turn waits up to 100 ms for a frame, then reads the private link, one read of
 * sensor frames (a control step each) and every ground station datagram; until a signal, or the
 * simulator is gone. */
static void fly(flight_t* flight, inputs_t* in, const char* dir) {
  simulator_watch_t watch;
  memset(&watch, 0, sizeof watch);
  snprintf(watch.pidfile, sizeof watch.pidfile, "%s/vsim_d.pid", dir);
  watch.last_alive_s = monotonic_s();
  uint8_t buffer[4096];
  while (!stop_requested) {
    if (simulator_gone(&watch, dir)) break;
    struct pollfd fds[3] = {
        {in->imu, POLLIN, 0}, {flight->sitl->udp, POLLIN, 0}, {in->stdin_link ? STDIN_FILENO : -1, POLLIN, 0}};
    if (poll(fds, 3, 100) < 0 && errno != EINTR) break;
    mavlink_signing_set_clock(&flight->link->signing, (uint64_t)(monotonic_s() * 1e5));
    if (in->stdin_link && (fds[2].revents & (POLLIN | POLLHUP))) {
      const ssize_t got = read(STDIN_FILENO, buffer, sizeof buffer);
      if (got > 0)
        mavlink_parse_all(&in->stdin_parser, buffer, (size_t)got, on_private_frame, flight);
      else
        in->stdin_link = false; /* closed: the private link is gone, the rest flies on */
    }

    /* Sensor frames: one control step each. One read per turn, so that in lockstep (where the
     * next frame is always on its way) the ground station's link is never starved. */
    const ssize_t n = read(in->imu, buffer, sizeof buffer);
    if (n > 0) mavlink_parse_all(&in->imu_parser, buffer, (size_t)n, on_sensor_frame, flight);

    for (;;) { /* the ground station */
      struct sockaddr_in from;
      socklen_t from_length = sizeof from;
      const ssize_t got = recvfrom(flight->sitl->udp, buffer, sizeof buffer, 0, (struct sockaddr*)&from, &from_length);
      if (got <= 0) break;
      flight->from = from; /* answered once a frame from it is accepted */
      mavlink_parse_all(&in->udp_parser, buffer, (size_t)got, on_gcs_frame, flight);
    }
    save_changed_params(flight);
  }
}

/* After the loop: what signing refused, the last signing timestamps saved, the frame counts. */
static void report_stop(flight_t* flight, const inputs_t* in) {
  fc_link_t* link = flight->link;
  const uint32_t* refused = link->signing.counts;
  if (link->signing.enabled)
    fprintf(stderr, "vayu_sitl: signing refused %u unsigned, %u wrongly signed, %u replayed and %u too old frames\n",
            refused[MAVLINK_SIGNATURE_UNSIGNED], refused[MAVLINK_SIGNATURE_WRONG], refused[MAVLINK_SIGNATURE_REPLAYED],
            refused[MAVLINK_SIGNATURE_TOO_OLD]);
  if (link->signing.enabled) {
    link->signing_changed = true; /* the last timestamps */
    save_changed_params(flight);
  }
  fprintf(stderr,
          "vayu_sitl: stopped after %lld sensor frames (%u bad bytes on vsim_imu, %u on UDP); %lld gaps over %.0f ms "
          "between control steps, the longest %.3f s\n",
          flight->sensor_frames, in->imu_parser.stats.bytes_dropped, in->udp_parser.stats.bytes_dropped,
          flight->step_gaps, STEP_GAP_S * 1e3, flight->longest_step_gap_s);
}

int main(int argc, char** argv) {
  options_t o;
  int code = parse_options(argc, argv, &o);
  if (code >= 0) return code;
  install_signals();
  request_realtime(o.rt_priority);

  static fc_t fc;
  char default_params[4096];
  if (!o.params_path) {
    snprintf(default_params, sizeof default_params, "%s/vayu_params.txt", o.dir);
    o.params_path = default_params;
  }
  mavlink_signing_t stored_signing;
  if ((code = start_core(&fc, &o, &stored_signing)) >= 0) return code;

  sitl_t s;
  memset(&s, 0, sizeof s);
  inputs_t in;
  memset(&in, 0, sizeof in);
  in.stdin_link = o.stdin_link;
  if ((code = open_pipes(o.dir, &s, &in.imu)) >= 0) return code;
  struct sockaddr_in local;
  if ((code = open_udp(&o, &s, &local)) >= 0) return code;

  fc_link_t link;
  start_link(&link, &fc, &s, &stored_signing);
  mavlink_parser_init(&in.imu_parser);
  mavlink_parser_init(&in.udp_parser);
  mavlink_parser_init(&in.stdin_parser);
  flight_t flight;
  memset(&flight, 0, sizeof flight);
  flight.fc = &fc;
  flight.link = &link;
  flight.sitl = &s;
  flight.pwm_sender = (mavlink_sender_t){1, 1, 0};
  flight.params_path = o.params_path;
  flight.signing_saved = mavlink_signing_now(&link.signing);
  sitl_power_init(&flight.power, &fc.config.params);
  static sitl_chips_t chips;
  if (o.sensors_chips) {
    if (!sitl_chips_init(&chips, o.faults, o.fault_count, &fc.config.params, stderr)) return 1;
    flight.chips = &chips;
  }
  fprintf(stderr, "vayu_sitl: flying from %s/vsim_imu; MAVLink on UDP %s:%d (%s) to %s:%d; parameters in %s; %s\n",
          o.dir, o.listen_host, ntohs(local.sin_port),
          is_loopback(local.sin_addr) ? "this machine only" : "open to the network", o.gcs_host, o.gcs_port,
          o.params_path, link.signing.enabled ? "signed (unsigned frames refused)" : "unsigned");

  fly(&flight, &in, o.dir);
  report_stop(&flight, &in);
  if (flight.chips) sitl_chips_report(flight.chips, stderr);
  if (s.pwm >= 0) close(s.pwm);
  close(in.imu);
  close(s.udp);
  return 0;
}
