// The side-by-side benchmark's SDL2 player: plays a rumble track the way an SDL user would,
// SDL_GameControllerRumble (SDL_JoystickRumble for a pad SDL has no mapping for) at each
// frame's start, paced with SDL_Delay on SDL_GetTicks' clock.
// Usage: sdl_rumble_player FRAMES.csv   (lines: start_ms,duration_ms,strong,weak; levels 0..1)
// Prints one line: frames played, wall and CPU time.
#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "frame_file.h"

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s FRAMES.csv\n", argv[0]); return 2; }
    int count;
    struct frame *frames = read_frames(argv[1], &count);
    if (SDL_Init(SDL_INIT_GAMECONTROLLER) != 0) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 1; }
    if (SDL_NumJoysticks() < 1) { fprintf(stderr, "sdl: no joystick found\n"); return 1; }
    SDL_GameController *controller = SDL_IsGameController(0) ? SDL_GameControllerOpen(0) : NULL;
    SDL_Joystick *joystick = controller ? SDL_GameControllerGetJoystick(controller) : SDL_JoystickOpen(0);
    if (!joystick) { fprintf(stderr, "sdl: cannot open the joystick: %s\n", SDL_GetError()); return 1; }

    Uint32 start = SDL_GetTicks();
    for (int i = 0; i < count; i++) {
        Uint32 due = start + (Uint32)frames[i].start_ms;
        Uint32 now = SDL_GetTicks();
        if (due > now) SDL_Delay(due - now);
        Uint16 low = (Uint16)(frames[i].strong * 65535 + 0.5), high = (Uint16)(frames[i].weak * 65535 + 0.5);
        int status = controller ? SDL_GameControllerRumble(controller, low, high, (Uint32)frames[i].duration_ms)
                                : SDL_JoystickRumble(joystick, low, high, (Uint32)frames[i].duration_ms);
        if (status != 0) { fprintf(stderr, "sdl: rumble failed: %s\n", SDL_GetError()); return 1; }
        SDL_JoystickUpdate();
    }
    // Hold the last frame for its length, as the other players do, then stop.
    if (count > 0) {
        Uint32 end = start + (Uint32)(frames[count - 1].start_ms + frames[count - 1].duration_ms);
        Uint32 now = SDL_GetTicks();
        if (end > now) SDL_Delay(end - now);
    }
    Uint32 wall = SDL_GetTicks() - start;
    if (controller) SDL_GameControllerRumble(controller, 0, 0, 0); else SDL_JoystickRumble(joystick, 0, 0, 0);
    SDL_Quit();

    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    printf("sdl: %d frames in %u ms with %s, cpu %.1f ms\n", count, wall,
           controller ? "SDL_GameControllerRumble" : "SDL_JoystickRumble (no controller mapping)", cpu_ms);
    free(frames);
    return 0;
}
